import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { seesMaintenanceSetter, UNKNOWN_ROLE } from '@siteseer/core';
import { type ReactNode, useId } from 'react';
import { useNavigate } from 'react-router';
import { ColorSchemeChoice } from './color-scheme-choice.tsx';
import { useServices } from './services.tsx';
import { useFeatures, useProfile, useViewer } from './session-data.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ px: 2, py: 1 }}>
      <Typography id={id} variant="overline" component="h2" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The user menu's panel: who is signed in (name, e-mail, id, super-admin flag), their accounts with
 * their role, their engines, the external training and knowledge-base links of the configuration,
 * the light/dark/system theme choice, the maintenance setter for super admins with the feature, and
 * logout. Its own module, loaded when the menu is first opened (user-menu.tsx), as the first screen
 * does not show it.
 */
export function UserMenuPanel({
  anchor,
  panelId,
  onClose: close,
  onSetMaintenance,
}: {
  anchor: HTMLElement | null;
  panelId: string;
  onClose: () => void;
  onSetMaintenance: () => void;
}) {
  const { config } = useServices();
  const profile = useProfile();
  const viewer = useViewer();
  const features = useFeatures();
  const navigate = useNavigate();
  const fullName = `${profile.firstName} ${profile.lastName}`.trim();

  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          id: panelId,
          role: 'dialog',
          'aria-label': 'User menu',
          sx: { width: 340, maxHeight: '80vh' },
        },
      }}
    >
      <Box sx={{ px: 2, pt: 2, pb: 1 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {fullName || profile.email}
        </Typography>
        <Typography variant="body2">{profile.email}</Typography>
        <Typography variant="body2" color="text.secondary">
          User ID: {profile.id}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Super Admin: {profile.isBZAdmin ? 'Yes' : 'No'}
        </Typography>
      </Box>
      <Divider />
      <Section title="Accounts">
        {profile.accounts.length === 0 ? (
          <Typography variant="body2">No accounts</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {profile.accounts.map((account) => (
              <li key={account.id}>
                <Typography variant="body2">
                  {account.name}: {account.role ?? UNKNOWN_ROLE}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </Section>
      <Section title="Engines">
        {profile.engines.length === 0 ? (
          <Typography variant="body2">No engines</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {profile.engines.map((engine) => (
              <li key={engine.id}>
                <Typography variant="body2">{engine.searchEngineName}</Typography>
              </li>
            ))}
          </Box>
        )}
      </Section>
      {(config.trainingUrl || config.knowledgeBaseUrl) && (
        <Section title="Help">
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {config.trainingUrl && (
              <Link href={config.trainingUrl} target="_blank" rel="noopener">
                Virtual Training
              </Link>
            )}
            {config.knowledgeBaseUrl && (
              <Link href={config.knowledgeBaseUrl} target="_blank" rel="noopener">
                Knowledge Base
              </Link>
            )}
          </Box>
        </Section>
      )}
      <Divider />
      <ColorSchemeChoice />
      <Divider />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 2 }}>
        {seesMaintenanceSetter(viewer, features) && (
          <Button
            variant="outlined"
            onClick={() => {
              close();
              onSetMaintenance();
            }}
          >
            Set maintenance message
          </Button>
        )}
        <Button
          variant="contained"
          onClick={() => {
            close();
            navigate('/logout');
          }}
        >
          Logout
        </Button>
      </Box>
    </Popover>
  );
}
