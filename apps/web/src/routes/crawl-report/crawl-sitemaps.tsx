import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CrawlReportSitemaps } from '@siteseer/core';
import { crawlSitemapSentence, crawlSitemapTotals, withoutBidiControls } from '@siteseer/core';
import { useId } from 'react';

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Beyond the spec: what the crawl did with each sitemap of its start sites, as `siteseer crawl
 * report` says it: read (its pages queued, and those left out counted by why) or not read, and
 * why. Sitemaps are not crawled URLs, so they are not among the rows of the URL table above.
 */
export function CrawlSitemaps({ sitemaps }: { sitemaps: CrawlReportSitemaps }) {
  const headingId = useId();
  const totals = crawlSitemapTotals(sitemaps);
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Typography id={headingId} variant="h2">
        Sitemaps
      </Typography>
      <Typography>
        {count(totals.read)} read, {count(totals.notRead)} not read; {count(totals.queued)}{' '}
        {totals.queued === 1 ? 'page' : 'pages'} queued from them.
      </Typography>
      <TableContainer>
        <Table aria-labelledby={headingId} size="small">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Sitemap
              </TableCell>
              <TableCell component="th" scope="col">
                What the crawl did
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sitemaps.files.map((file) => {
              // The site wrote the sitemap's address (its robots.txt) and, in part, the reason.
              const url = withoutBidiControls(file.url);
              return (
                <TableRow key={file.url}>
                  <TableCell sx={{ wordBreak: 'break-all', width: '45%' }}>
                    {isWebUrl(file.url) ? (
                      <Link href={file.url} target="_blank" rel="noopener noreferrer">
                        {url}
                      </Link>
                    ) : (
                      url
                    )}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>
                    {withoutBidiControls(crawlSitemapSentence(file))}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {sitemaps.omitted > 0 && (
        <Typography color="text.secondary">
          {count(sitemaps.omitted)} more {sitemaps.omitted === 1 ? 'sitemap' : 'sitemaps'} not read are not
          listed.
        </Typography>
      )}
    </Stack>
  );
}
