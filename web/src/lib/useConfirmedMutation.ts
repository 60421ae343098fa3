import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'

/**
 * A destructive write that asks first: `ask(target)` opens the confirmation, its confirm button
 * runs the write on that target. `dialog` is the ConfirmDialog's busy state and buttons; each
 * caller closes it (`close`) where its flow wants it closed.
 */
export function useConfirmedMutation<T, R>({
  mutationFn,
  onMutate,
  onSuccess,
  onError,
  onSettled,
}: {
  mutationFn: (target: T) => Promise<R>
  onMutate?: (target: T) => unknown
  onSuccess?: (answer: R, target: T) => unknown
  onError?: (error: Error, target: T) => unknown
  onSettled?: () => unknown
}) {
  const [target, setTarget] = useState<T | null>(null)
  const mutation = useMutation({ mutationFn, onMutate, onSuccess, onError, onSettled })
  const close = () => setTarget(null)
  return {
    /** What the open confirmation is about; null while it is closed. */
    target,
    ask: (next: T) => setTarget(next),
    close,
    dialog: {
      busy: mutation.isPending,
      destructive: true,
      onConfirm: () => {
        if (target !== null) mutation.mutate(target)
      },
      onCancel: close,
    },
  }
}
