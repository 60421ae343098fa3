import type { CommunityPost } from './types'

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

/** Shown (clearly marked, read-only) when a member's wall cannot be loaded (decisions 080 and 181, R11). */
export function samplePosts(): CommunityPost[] {
  return [
    {
      id: -1,
      user_id: 0,
      user_name: 'League Commissioner',
      content: 'Welcome to the wall! Post your triumphs, your disasters and your captaincy regrets here.',
      image_url: null,
      created_at: ago(60 * 26),
      likes: 6,
      likes_list: [],
      reported: false,
      report_count: undefined,
      is_author: false,
      isPinned: true,
    },
    {
      id: -2,
      user_id: 0,
      user_name: 'Priya',
      content: 'Triple captain on a blank gameweek. Ask me how it went.',
      image_url: null,
      created_at: ago(42),
      likes: 4,
      likes_list: [],
      reported: false,
      report_count: undefined,
      is_author: false,
      isPinned: false,
    },
    {
      id: -3,
      user_id: 0,
      user_name: 'Dan',
      content: '31 points on my bench. The subs are filing a formal complaint.',
      image_url: null,
      created_at: ago(180),
      likes: 9,
      likes_list: [],
      reported: false,
      report_count: undefined,
      is_author: false,
      isPinned: false,
    },
  ]
}
