import Button from '@mui/material/Button';
import { HeadingRow } from '#shared/components/HeadingRow';
import { PageHeading } from '#shared/components/PageHeading';
import { ProblemAlert } from '#shared/components/ProblemAlert';

/** The top of a clinical list page (sites, rotations): what it lists, the button adding one, and the page's one problem line. */
export function ListPageHeading({ title, subtitle, addLabel, onAdd, problem }: { title: string; subtitle: string; addLabel: string; onAdd: () => void; problem: string | null }) {
  return (
    <>
      <HeadingRow>
        <PageHeading title={title} subtitle={subtitle} />
        <Button variant="contained" onClick={onAdd}>
          {addLabel}
        </Button>
      </HeadingRow>
      <ProblemAlert problem={problem} />
    </>
  );
}
