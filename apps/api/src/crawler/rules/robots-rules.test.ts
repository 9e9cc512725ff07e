import { describe, expect, it } from 'vitest';
import { parseRobotsTxt, type RobotsRules } from './robots-rules.ts';

const ROBOTS = 'https://www.example.com/robots.txt';
const page = (path: string) => `https://www.example.com${path}`;

/** The same robots.txt with the group under another name, so examples written for foobot apply. */
function rulesAs(name: string, text: string): RobotsRules {
  return parseRobotsTxt(ROBOTS, text.replaceAll(new RegExp(`\\b${name}\\b`, 'gi'), 'SiteseerBot'));
}

describe('RFC 9309 section 5.1: a simple example', () => {
  const robots = `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF`;

  it('foobot may fetch only its two allowed pages', () => {
    const rules = rulesAs('foobot', robots);
    expect(rules.isAllowed(page('/example/page.html'))).toBe(true);
    expect(rules.isAllowed(page('/example/allowed.gif'))).toBe(true);
    expect(rules.isAllowed(page('/'))).toBe(false);
    expect(rules.isAllowed(page('/publications/'))).toBe(false);
  });

  it('barbot and bazbot share one group: only /example/page.html is disallowed', () => {
    for (const name of ['barbot', 'bazbot']) {
      const rules = rulesAs(name, robots);
      expect(rules.isAllowed(page('/example/page.html'))).toBe(false);
      expect(rules.isAllowed(page('/example/other.html'))).toBe(true);
      expect(rules.isAllowed(page('/picture.gif'))).toBe(true);
    }
  });

  it('quxbot has an empty group: everything is allowed, not the * group rules', () => {
    const rules = rulesAs('quxbot', robots);
    expect(rules.isAllowed(page('/example/page.html'))).toBe(true);
    expect(rules.isAllowed(page('/picture.gif'))).toBe(true);
  });

  it('a crawler named in no group obeys the * group', () => {
    const rules = parseRobotsTxt(ROBOTS, robots);
    expect(rules.isAllowed(page('/picture.gif'))).toBe(false);
    expect(rules.isAllowed(page('/picture.gif?size=2'))).toBe(true);
    expect(rules.isAllowed(page('/example/page.html'))).toBe(false);
    expect(rules.isAllowed(page('/publications/'))).toBe(true);
    expect(rules.isAllowed(page('/'))).toBe(true);
  });
});

describe('RFC 9309 section 5.2: longest match', () => {
  it('the longer disallow wins over the shorter allow', () => {
    const rules = rulesAs(
      'foobot',
      'User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n',
    );
    expect(rules.isAllowed(page('/example/page/'))).toBe(true);
    expect(rules.isAllowed(page('/example/page/other.gif'))).toBe(true);
    expect(rules.isAllowed(page('/example/page/disallowed.gif'))).toBe(false);
  });
});

describe('RFC 9309 section 2.2.2: matching', () => {
  it('allow wins a tie between equally long rules', () => {
    const rules = parseRobotsTxt(ROBOTS, 'User-agent: *\nDisallow: /x/page.html\nAllow: /x/page.html\n');
    expect(rules.isAllowed(page('/x/page.html'))).toBe(true);
  });

  it('rules are prefixes and case-sensitive', () => {
    const rules = parseRobotsTxt(ROBOTS, 'User-agent: *\nDisallow: /x\nAllow: /x/\n');
    expect(rules.isAllowed(page('/x'))).toBe(false);
    expect(rules.isAllowed(page('/xyz'))).toBe(false);
    expect(rules.isAllowed(page('/x/'))).toBe(true);
    expect(rules.isAllowed(page('/X'))).toBe(true);
  });

  it('percent-encoding is compared as RFC 3986 says: non-ASCII encoded, unreserved escapes decoded', () => {
    const rules = parseRobotsTxt(
      ROBOTS,
      'User-agent: *\nDisallow: /\nAllow: /foo/bar/ツ\nAllow: /enc/%E3%83%84\nAllow: /foo/bar/%62%61%7A\nAllow: /q?baz=quz\n',
    );
    expect(rules.isAllowed(page('/foo/bar/%E3%83%84'))).toBe(true);
    expect(rules.isAllowed(page('/foo/bar/ツ'))).toBe(true);
    expect(rules.isAllowed(page('/enc/%e3%83%84'))).toBe(true);
    expect(rules.isAllowed(page('/foo/bar/baz'))).toBe(true);
    expect(rules.isAllowed(page('/foo/bar/%62az'))).toBe(true);
    expect(rules.isAllowed(page('/q?baz=quz'))).toBe(true);
    expect(rules.isAllowed(page('/q?baz=other'))).toBe(false);
  });

  it('the robots.txt URL itself is always allowed', () => {
    const rules = parseRobotsTxt(ROBOTS, 'User-agent: *\nDisallow: /\n');
    expect(rules.isAllowed(page('/robots.txt'))).toBe(true);
    expect(rules.isAllowed(page('/'))).toBe(false);
  });

  it('refuses to answer for another origin', () => {
    const rules = parseRobotsTxt(ROBOTS, '');
    expect(() => rules.isAllowed('https://other.example/')).toThrow(
      'https://other.example/ is not on https://www.example.com, whose robots.txt this is.',
    );
  });
});

describe('RFC 9309 section 2.2.3: special characters', () => {
  it('* matches any run of characters and $ ends the pattern', () => {
    const rules = parseRobotsTxt(
      ROBOTS,
      'User-agent: *\nDisallow: /foo/bar$\nDisallow: /this/*/exactly\nAllow: /foo/bar/qux\n',
    );
    expect(rules.isAllowed(page('/foo/bar'))).toBe(false);
    expect(rules.isAllowed(page('/foo/bar/'))).toBe(true);
    expect(rules.isAllowed(page('/foo/bar/qux'))).toBe(true);
    expect(rules.isAllowed(page('/this/is/exactly'))).toBe(false);
    expect(rules.isAllowed(page('/this/exactly'))).toBe(true);
  });

  it('# starts a comment, also after a rule', () => {
    const rules = parseRobotsTxt(ROBOTS, 'User-agent: *\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n');
    expect(rules.isAllowed(page('/foo/bar'))).toBe(true);
    expect(rules.isAllowed(page('/foo/quz'))).toBe(false);
  });

  it('%2A and %24 in a rule match a literal * and $ in the URL', () => {
    const rules = parseRobotsTxt(
      ROBOTS,
      'User-agent: *\nDisallow: /path/file-with-a-%2A.html\nDisallow: /path/foo-%24\n',
    );
    expect(rules.isAllowed(page('/path/file-with-a-*.html'))).toBe(false);
    expect(rules.isAllowed(page('/path/file-with-a-b.html'))).toBe(true);
    expect(rules.isAllowed(page('/path/foo-$'))).toBe(false);
    expect(rules.isAllowed(page('/path/foo-'))).toBe(true);
  });
});

describe('user-agent groups', () => {
  it('match our token case-insensitively, with a version or extra words after it', () => {
    for (const line of ['siteseerbot', 'SITESEERBOT', 'SiteseerBot/2.1', 'SiteseerBot Images']) {
      const rules = parseRobotsTxt(ROBOTS, `User-agent: *\nAllow: /\nUser-agent: ${line}\nDisallow: /\n`);
      expect(rules.isAllowed(page('/x')), line).toBe(false);
    }
  });

  it('combine the groups naming our token, and ignore the * group then', () => {
    const rules = parseRobotsTxt(
      ROBOTS,
      'User-agent: *\nDisallow: /x/\nUser-agent: SiteseerBot\nDisallow: /y/\n\nUser-agent: siteseerbot\nDisallow: /z/\n',
    );
    expect(rules.isAllowed(page('/x/page'))).toBe(true);
    expect(rules.isAllowed(page('/y/page'))).toBe(false);
    expect(rules.isAllowed(page('/z/page'))).toBe(false);
  });

  it('ignore rules before the first user-agent line', () => {
    const rules = parseRobotsTxt(ROBOTS, 'Disallow: /\nUser-agent: *\nDisallow: /private/\n');
    expect(rules.isAllowed(page('/public'))).toBe(true);
  });
});

describe('Crawl-delay and Sitemap lines', () => {
  it('give the delay of the applying group in ms, capped at 30 s', () => {
    expect(parseRobotsTxt(ROBOTS, 'User-agent: *\nCrawl-delay: 2.5\n').crawlDelayMs).toBe(2500);
    expect(parseRobotsTxt(ROBOTS, 'User-agent: SiteseerBot\nCrawl-delay: 3600\n').crawlDelayMs).toBe(30_000);
    expect(parseRobotsTxt(ROBOTS, 'User-agent: other\nCrawl-delay: 5\n').crawlDelayMs).toBeUndefined();
    expect(parseRobotsTxt(ROBOTS, 'User-agent: *\nCrawl-delay: soon\n').crawlDelayMs).toBeUndefined();
  });

  it('give the sitemaps as absolute http(s) URLs, once each, wherever the lines are', () => {
    const rules = parseRobotsTxt(
      ROBOTS,
      'Sitemap: https://www.example.com/a.xml\nUser-agent: *\nDisallow:\nsitemap: /b.xml.gz\nSitemap: ftp://x/c.xml\nSitemap: https://www.example.com/a.xml\n',
    );
    expect(rules.sitemaps).toEqual(['https://www.example.com/a.xml', 'https://www.example.com/b.xml.gz']);
  });
});

describe('matchingRule: the line that decides', () => {
  const robots = `# Our rules
User-agent: *
Disallow: /private/   # staff only
Allow: /private/press/

User-agent: OtherBot
Disallow: /`;

  it('names the disallowing line as written, with its number', () => {
    const rules = parseRobotsTxt(ROBOTS, robots);
    expect(rules.isAllowed(page('/private/plans'))).toBe(false);
    expect(rules.matchingRule(page('/private/plans'))).toEqual({
      line: 3,
      text: 'Disallow: /private/   # staff only',
    });
  });

  it('names the longer allowing line that wins over a disallow', () => {
    const rules = parseRobotsTxt(ROBOTS, robots);
    expect(rules.isAllowed(page('/private/press/kit'))).toBe(true);
    expect(rules.matchingRule(page('/private/press/kit'))).toEqual({
      line: 4,
      text: 'Allow: /private/press/',
    });
  });

  it('is null when no rule matches, and for robots.txt itself', () => {
    const rules = parseRobotsTxt(ROBOTS, robots);
    expect(rules.matchingRule(page('/docs/'))).toBeNull();
    expect(rules.matchingRule(page('/robots.txt'))).toBeNull();
  });

  it('counts lines past the empty rule added to a group without rules', () => {
    const rules = parseRobotsTxt(ROBOTS, 'User-agent: *\nDisallow: /a\n\nUser-agent: SiteseerBot\n');
    // SiteseerBot's group has no rules: everything is allowed, by no line.
    expect(rules.isAllowed(page('/a'))).toBe(true);
    expect(rules.matchingRule(page('/a'))).toBeNull();
    const other = parseRobotsTxt(ROBOTS, 'User-agent: x\nUser-agent: *\nDisallow: /b\nDisallow: /a\n');
    expect(other.matchingRule(page('/a'))).toEqual({ line: 4, text: 'Disallow: /a' });
  });
});
