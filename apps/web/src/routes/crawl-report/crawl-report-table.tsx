import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CrawlReportHit } from '@siteseer/core';
import {
  crawlStatusLabel,
  isBrokenCrawlStatus,
  isCheckedCrawlStatus,
  withoutBidiControls,
} from '@siteseer/core';
import { formatDateTime } from '../../shell/date-time.ts';

/** A check time in the viewer's locale and time zone. */
export const checkTime = (iso: string | null) => formatDateTime(iso);

/** Only web addresses become links: a crawled URL is the site's text, never markup or a script URL. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/**
 * A URL the site wrote, as a link when it is a web address. Bidi controls could make one read as
 * another (core's rule, as in the widget and the CLI); the link keeps the URL itself.
 */
function SiteUrl({ url }: { url: string }) {
  const shown = withoutBidiControls(url);
  return isWebUrl(url) ? (
    <Link href={url} target="_blank" rel="noopener noreferrer">
      {shown}
    </Link>
  ) : (
    shown
  );
}

/** The status's display text and, under it, why (the crawler's reason) and where it was found. */
function StatusText({ hit }: { hit: CrawlReportHit }) {
  return (
    <>
      {crawlStatusLabel(hit.status)}
      {hit.reason ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {withoutBidiControls(hit.reason)}
        </Typography>
      ) : null}
      {hit.found_on && isBrokenCrawlStatus(hit.status) ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Found on <SiteUrl url={hit.found_on} />
        </Typography>
      ) : null}
    </>
  );
}

/**
 * The crawled URLs of one report page: URL, status (its display text, and under it why the URL
 * failed or was not indexed when the crawler says, and for a broken one the page that links to it)
 * and, only for the status the lookup marks as checked (Success), the last and next check times.
 * On a phone the table becomes a list, one URL a card, so that the URL is not squeezed into a
 * column a few characters wide.
 */
export function CrawlReportTable({
  hits,
  empty,
  busy,
}: {
  hits: CrawlReportHit[];
  /** What the table says when the page has no URL. */
  empty: string;
  /** A new page or filter is loading (the rows shown are the previous ones). */
  busy: boolean;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (phone) return <CrawlReportList hits={hits} empty={empty} busy={busy} />;
  return (
    <TableContainer>
      <Table aria-label="Crawled URLs" aria-busy={busy} size="small">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              URL
            </TableCell>
            <TableCell component="th" scope="col">
              Status
            </TableCell>
            <TableCell component="th" scope="col">
              Last Check
            </TableCell>
            <TableCell component="th" scope="col">
              Next Check
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {hits.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>{empty}</TableCell>
            </TableRow>
          ) : (
            hits.map((hit) => {
              const checked = isCheckedCrawlStatus(hit.status);
              return (
                <TableRow key={hit.id}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    <SiteUrl url={hit.url} />
                  </TableCell>
                  <TableCell>
                    <StatusText hit={hit} />
                  </TableCell>
                  <TableCell>{checked ? checkTime(hit.last_check) : ''}</TableCell>
                  <TableCell>{checked ? checkTime(hit.next_check) : ''}</TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The same URLs as a list of cards, for narrow screens. */
function CrawlReportList({ hits, empty, busy }: { hits: CrawlReportHit[]; empty: string; busy: boolean }) {
  if (hits.length === 0) return <Typography>{empty}</Typography>;
  return (
    <Box
      component="ul"
      aria-label="Crawled URLs"
      aria-busy={busy}
      sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}
    >
      {hits.map((hit) => {
        const checked = isCheckedCrawlStatus(hit.status);
        return (
          <Box component="li" key={hit.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
              <SiteUrl url={hit.url} />
            </Typography>
            <Box sx={{ mt: 0.5 }}>
              <StatusText hit={hit} />
            </Box>
            {checked && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Last Check: {checkTime(hit.last_check)}
                <br />
                Next Check: {checkTime(hit.next_check)}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
