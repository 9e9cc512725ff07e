import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UploadProgress } from '../../api/upload-with-progress.ts';

const KB = 1024;
const MB = 1024 * KB;

/** One decimal at most: 4.2, 10. */
function amount(bytes: number, unit: number): string {
  return String(Number((bytes / unit).toFixed(1)));
}

/** Whole percent sent (100 only once everything is). */
export function uploadPercent({ loaded, total }: UploadProgress): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

/** 'Uploading… 42% (4.2 of 10 MB)': in MB from 1 MB (the file limit, 10240 KB, reads 10 MB), else KB, else bytes. */
export function uploadProgressText(progress: UploadProgress): string {
  const { total } = progress;
  const loaded = Math.min(progress.loaded, total);
  const [unit, name] = total >= MB ? [MB, 'MB'] : total >= KB ? [KB, 'KB'] : [1, 'bytes'];
  return `Uploading… ${uploadPercent(progress)}% (${amount(loaded, unit)} of ${amount(total, unit)} ${name})`;
}

/** Step 1's upload: a progress bar, how much is sent, and Cancel. Shown only while uploading. */
export function UploadProgressPanel({
  progress,
  onCancel,
}: {
  progress: UploadProgress;
  onCancel: () => void;
}) {
  return (
    <Stack spacing={1} sx={{ maxWidth: 560 }}>
      <LinearProgress variant="determinate" value={uploadPercent(progress)} aria-label="Upload progress" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2">{uploadProgressText(progress)}</Typography>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
