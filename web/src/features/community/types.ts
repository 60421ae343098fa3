/** A community wall post (GET /api/community-posts/{leagueId}). */
export interface CommunityPost {
  id: number
  user_id: number
  user_name: string
  content: string
  image_url: string | null
  created_at: string
  likes: number
  likes_list: number[]
  reported: boolean
  /** The commissioner sees how many members reported it. */
  report_count?: number
  isPinned: boolean
  is_author?: boolean
}
