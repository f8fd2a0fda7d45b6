import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * A labelled native <select>, its label above the value from the start (MUI's own Select would add
 * Popper and a menu to the chunk). The options are its children.
 */
export function NativeSelect(props: TextFieldProps & { id: string; label: string }) {
  return <TextField select {...props} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }} />;
}
