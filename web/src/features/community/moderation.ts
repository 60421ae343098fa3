import { useMutation, useQueryClient } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { api, pathParam } from '../../lib/api'
import { postsQuery } from './posts-api'
import type { CommunityPost } from './types'

// The commissioner's moderation of a wall. Each change shows at once in the cached wall (shared
// by the wall and the commissioner screen) and is put back if the server refuses it.

const post = api['community-posts'][':leagueId'].posts[':postId']

const params = (leagueId: number | string, postId: number) => ({ param: { leagueId: pathParam(leagueId), postId: pathParam(postId) } })

function useWallChange<Vars extends { postId: number }>(
  leagueId: number | string,
  send: (vars: Vars) => Promise<unknown>,
  change: (vars: Vars) => Partial<CommunityPost>,
) {
  const queryClient = useQueryClient()
  const { queryKey } = postsQuery(leagueId)
  return useMutation({
    mutationFn: send,
    onMutate: async (vars) => {
      await queryClient.cancelQueries({ queryKey })
      const before = queryClient.getQueryData(queryKey)
      queryClient.setQueryData(queryKey, (list) => list?.map((p) => (p.id === vars.postId ? { ...p, ...change(vars) } : p)))
      return { before }
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(queryKey, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  })
}

/** Pin ({ pinned: true }) or unpin a post; pinned posts lead the wall. */
export const usePinPost = (leagueId: number | string) =>
  useWallChange(
    leagueId,
    ({ postId, pinned }: { postId: number; pinned: boolean }) =>
      parseResponse(pinned ? post.pin.$post(params(leagueId, postId)) : post.pin.$delete(params(leagueId, postId))),
    ({ pinned }) => ({ isPinned: pinned }),
  )

/** Takes a post's reports out of the queue; the post stays on the wall. */
export const useDismissReports = (leagueId: number | string) =>
  useWallChange(
    leagueId,
    ({ postId }: { postId: number }) => parseResponse(post.reports.dismiss.$post(params(leagueId, postId))),
    () => ({ reported: false, report_count: 0 }),
  )
