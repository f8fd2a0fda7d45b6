import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { HOLD_BLOCK_LABELS, type StudentHold } from '#contract/holds';

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** "a", "a or b", "a, b or c". */
const orList = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`);

/** What a hold blocks, in words ("New payment plans and Clinical clearance"). */
export const holdBlocksText = (hold: StudentHold) => (hold.blocks.length === 0 ? 'Nothing' : hold.blocks.map((b) => HOLD_BLOCK_LABELS[b]).join(' and '));

/** The API's list of what no hold stops ("paying", "transcripts", ...) as one sentence. */
export const neverBlockedSentence = (neverBlocked: readonly string[]) => (neverBlocked.length === 0 ? '' : `A hold never blocks ${orList(neverBlocked)}.`);

/**
 * A student's account holds, one item each: the reason, what it blocks and how to clear it (the server's
 * sentences), then what no hold ever blocks. The student's dashboard and the staff's student record show it.
 */
export function HoldList({ holds, neverBlocked, label }: { holds: readonly StudentHold[]; neverBlocked: readonly string[]; label: string }) {
  return (
    <>
      <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1.5 }}>
        {holds.map((hold, index) => (
          <li key={`${hold.kind}-${hold.program_name}-${index}`}>
            <Typography sx={{ fontWeight: 500 }}>{sentence(hold.reason)}</Typography>
            <Typography variant="body2">{`Blocks: ${holdBlocksText(hold)}.`}</Typography>
            <Typography variant="body2">{`How to clear it: ${sentence(hold.how_to_clear)}`}</Typography>
          </li>
        ))}
      </Box>
      {neverBlocked.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {neverBlockedSentence(neverBlocked)}
        </Typography>
      )}
    </>
  );
}
