import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RichText } from '#shared/components/RichText';

/** The message as recipients will read it, rendered as the email is (lib/richText), updated as it is typed. */
export function RichTextPreview({ source }: { source: string }) {
  return (
    <Box component="section" aria-labelledby="announcement-preview-title" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography id="announcement-preview-title" variant="overline" component="h3" color="text.secondary">
        Preview
      </Typography>
      {source.trim() ? (
        <RichText source={source} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          The message shows here as you type it.
        </Typography>
      )}
    </Box>
  );
}
