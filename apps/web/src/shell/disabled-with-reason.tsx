import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';

/**
 * A disabled button that still tells why: the reason is its tooltip (on a wrapper, as a disabled
 * button gets no pointer events) and its accessible description, for screen readers.
 */
export function DisabledWithReason({
  label,
  reason,
  size,
}: {
  label: string;
  reason: string;
  size?: 'small' | 'medium';
}) {
  return (
    <Tooltip title={reason}>
      <span>
        <Button disabled size={size} aria-description={reason}>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}
