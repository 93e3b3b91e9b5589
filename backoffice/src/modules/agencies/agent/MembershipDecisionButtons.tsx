import { Button, Stack } from '@mui/material'
import type { Identifier } from 'react-admin'
import type { MembershipDecision, MembershipRequest } from './types'

const ANSWERS = [
  { decision: 'approve', label: 'Approve', variant: 'contained', color: 'success' },
  { decision: 'reject', label: 'Reject', variant: 'outlined', color: 'error' },
] as const

/** Approve and Reject of a pending membership request, on the dashboard tab and the requests page. */
export function MembershipDecisionButtons({
  request,
  decision,
}: {
  request: Pick<MembershipRequest, 'userId'>
  /** The decision mutation (useMembershipDecision): both buttons wait while one is sent. */
  decision: { isPending: boolean; mutate: (input: { userId: Identifier; decision: MembershipDecision }) => void }
}) {
  return (
    <Stack direction="row" spacing={1}>
      {ANSWERS.map((answer) => (
        <Button
          key={answer.decision}
          size="small"
          variant={answer.variant}
          color={answer.color}
          disabled={decision.isPending}
          onClick={() => decision.mutate({ userId: request.userId, decision: answer.decision })}
        >
          {answer.label}
        </Button>
      ))}
    </Stack>
  )
}
