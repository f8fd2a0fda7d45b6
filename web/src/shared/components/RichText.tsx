import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { parseRichText, type Inline } from '../lib/richText';

/** One run of text: bold, italic and a link as elements, the text itself always as text (never HTML). */
function Run({ run }: { run: Inline }) {
  let node: ReactNode = run.text;
  if (run.href)
    node = (
      <Link href={run.href} target="_blank" rel="noopener noreferrer">
        {node}
      </Link>
    );
  if (run.italic) node = <em>{node}</em>;
  if (run.bold) node = <strong>{node}</strong>;
  return node;
}

const Line = ({ runs }: { runs: Inline[] }) => runs.map((run, i) => <Run key={i} run={run} />);

/**
 * An announcement's body as its recipients read it: paragraphs, bullet lists, bold, italic and
 * https links (lib/richText). Long words and links wrap, so a 375 px screen never scrolls sideways.
 */
export function RichText({ source }: { source: string }) {
  return (
    <Box sx={{ overflowWrap: 'anywhere', '& p': { m: 0, mb: 1 }, '& ul': { m: 0, mb: 1, pl: 3 } }}>
      {parseRichText(source).map((block, i) =>
        block.kind === 'paragraph' ? (
          <Typography key={i} component="p" variant="body2">
            {block.lines.map((runs, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                <Line runs={runs} />
              </Fragment>
            ))}
          </Typography>
        ) : (
          <Typography key={i} component="ul" variant="body2">
            {block.items.map((runs, j) => (
              <li key={j}>
                <Line runs={runs} />
              </li>
            ))}
          </Typography>
        ),
      )}
    </Box>
  );
}
