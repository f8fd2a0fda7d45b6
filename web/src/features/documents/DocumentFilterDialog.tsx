import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { DocumentCategoryDto } from '#contract/documents';
import { NativeSelect } from '#shared/components/NativeSelect';
import { ProgramTypeOptions } from '#shared/components/ProgramTypeOptions';
import { NO_FILTERS, type DocumentFilters } from './documentQuery';

interface Props {
  filters: DocumentFilters;
  categories: readonly DocumentCategoryDto[];
  onApply: (filters: DocumentFilters) => void;
  onClose: () => void;
}

/** The filter dialog (spec: Document Management): academic year, cohort number, program type, category, mandatory, search. */
export function DocumentFilterDialog({ filters, categories, onApply, onClose }: Props) {
  const [values, setValues] = useState(filters);
  const field = (name: keyof DocumentFilters) => ({
    id: `document-filter-${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(values);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="document-filter-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="document-filter-title">Filter Documents</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Academic Year" placeholder="2025-2026" {...field('academic_year')} />
            <TextField label="Cohort Number" type="number" slotProps={{ htmlInput: { min: 1, step: 1 } }} {...field('cohort_number')} />
            <NativeSelect label="Program Type" {...field('program_type')}>
              <option value="">All</option>
              <ProgramTypeOptions />
            </NativeSelect>
            <NativeSelect label="Category" {...field('category_id')}>
              <option value="">All</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect label="Mandatory" {...field('is_mandatory')}>
              <option value="">All</option>
              <option value="true">Yes</option>
              <option value="false">No</option>
            </NativeSelect>
            <TextField label="Search" placeholder="Title, description or text" {...field('search')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onApply(NO_FILTERS)}>Clear Filters</Button>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Apply Filters
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
