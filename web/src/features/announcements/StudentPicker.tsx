import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useMemo, useState, type HTMLAttributes, type Key } from 'react';
import type { StudentSummary } from '#contract/student-admin';
import { MIN_SEARCH_LENGTH, useStudentSearch } from './useStudentSearch';

/** What an option shows of a student. A chosen username the picker never found (set from outside) shows as itself. */
type StudentOption = Pick<StudentSummary, 'username' | 'first_name' | 'last_name' | 'program'>;

const nameOf = (student: StudentOption) => `${student.first_name} ${student.last_name}`.trim() || student.username;
const bare = (username: string): StudentOption => ({ username, first_name: '', last_name: '', program: null });

const SEARCH_FAILED = 'Students could not be searched. Please try again.';

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}

/** Several students (chips) or one; either way the value is usernames, as the API takes them. */
type Props = FieldProps &
  ({ multiple: true; value: string[]; onChange: (usernames: string[]) => void } | { multiple?: false; value: string | null; onChange: (username: string | null) => void });

/**
 * A search box for students by name, username or email (the server's search, once typing pauses). Each match
 * shows the student's name, username and program; a chosen one shows as their name.
 */
export function StudentPicker(props: Props) {
  const { id, label, required, error, helperText, value } = props;
  const [text, setText] = useState('');
  const search = useStudentSearch(text);
  // The chosen students' details outlive the search that found them (a chip keeps its name).
  const [known, setKnown] = useState<ReadonlyMap<string, StudentOption>>(new Map());
  // The chosen ones first: the Autocomplete finds a chosen username's name among its options.
  const options = useMemo(() => {
    const chosen = Array.isArray(value) ? value : value === null ? [] : [value];
    const optionOf = (username: string) => search.students.find((s) => s.username === username) ?? known.get(username) ?? bare(username);
    return [...chosen.map(optionOf), ...search.students.filter((s) => !chosen.includes(s.username))];
  }, [value, search.students, known]);
  const remember = () => setKnown((before) => new Map([...before, ...search.students.map((s) => [s.username, s] as const)]));

  const noOptionsText = search.tooShort ? `Type at least ${MIN_SEARCH_LENGTH} letters of a name or username.` : search.failed ? SEARCH_FAILED : 'No students found.';
  const shared = {
    id,
    options,
    getOptionValue: (option: StudentOption) => option.username,
    getOptionLabel: nameOf,
    // the server has matched them (by email too, which the label does not show)
    filterOptions: (matches: StudentOption[]) => matches,
    autoHighlight: true,
    loading: search.searching,
    loadingText: 'Searching students...',
    noOptionsText,
    // only typing searches: choosing a student puts their name in the box, which is no search
    onInputChange: (_event: unknown, value: string, reason: string) => setText(reason === 'input' ? value : ''),
    renderOption: ({ key, ...optionProps }: HTMLAttributes<HTMLLIElement> & { key: Key }, option: StudentOption) => (
      <li key={key} {...optionProps}>
        <StudentOptionText student={option} />
      </li>
    ),
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        label={label}
        required={required}
        error={error || search.failed}
        helperText={helperText ?? (search.failed ? SEARCH_FAILED : 'Search by name, username or email.')}
      />
    ),
  };

  return props.multiple ? (
    <Autocomplete
      {...shared}
      multiple
      filterSelectedOptions
      value={props.value}
      onChange={(_event, usernames) => {
        remember();
        props.onChange(usernames);
      }}
    />
  ) : (
    <Autocomplete
      {...shared}
      value={props.value}
      onChange={(_event, username) => {
        remember();
        props.onChange(username);
      }}
    />
  );
}

/** The name, then the username and program on a line of their own; the space between keeps them apart for screen readers. */
function StudentOptionText({ student }: { student: StudentOption }) {
  return (
    <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ display: 'block' }}>
        {nameOf(student)}
      </Box>{' '}
      <Box component="span" sx={{ display: 'block', typography: 'body2', color: 'text.secondary' }}>
        {student.username} · {student.program ?? 'No program'}
      </Box>
    </Box>
  );
}
