import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CrawlReportHit } from '@siteseer/core';
import { crawlStatusLabel, isCheckedCrawlStatus, withoutBidiControls } from '@siteseer/core';
import { formatDateTime } from '../../shell/date-time.ts';

/** A check time in the viewer's locale and time zone. */
export const checkTime = (iso: string | null) => formatDateTime(iso);

/** Only web addresses become links: a crawled URL is the site's text, never markup or a script URL. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/**
 * The crawled URLs of one report page: URL, status (its display text, and under it why the URL
 * failed or was not indexed when the crawler says) and, only for the status the lookup marks as
 * checked (Success), the last and next check times.
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
              // A site wrote the URL and, in part, the reason: bidi controls could make one read as
              // another (core's rule, as in the widget and the CLI). The link keeps the URL itself.
              const url = withoutBidiControls(hit.url);
              return (
                <TableRow key={hit.id}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {isWebUrl(hit.url) ? (
                      <Link href={hit.url} target="_blank" rel="noopener noreferrer">
                        {url}
                      </Link>
                    ) : (
                      url
                    )}
                  </TableCell>
                  <TableCell>
                    {crawlStatusLabel(hit.status)}
                    {hit.reason ? (
                      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                        {withoutBidiControls(hit.reason)}
                      </Typography>
                    ) : null}
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
