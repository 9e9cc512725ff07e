import { render } from 'ink-testing-library';
import React from 'react';
import { describe, expect, it } from 'vitest';
import { memoryOutput } from '../output/memory-output.test-kit.ts';
import { INITIAL_LOGIN_STATE, LoginScreen, nextLoginState, UploadBar } from './ink-views.ts';
import { plainLoginView } from './login-view.ts';
import { progressBarText } from './progress-bar.ts';
import { plainUploadView, uploadViewFor } from './upload-view.ts';

describe('the Ink views', () => {
  it('shows the code and URL, then the slow-down state, then approval', () => {
    const authorization = {
      deviceCode: 'd',
      userCode: 'WXYZ-BCDF',
      verificationUri: 'https://s.test/oidc/device',
      verificationUriComplete: undefined,
      expiresIn: 600,
      interval: 5,
    };
    let state = nextLoginState(INITIAL_LOGIN_STATE, { type: 'code', authorization });
    const view = render(React.createElement(LoginScreen, { state }));
    expect(view.lastFrame()).toContain('First copy your one-time code: WXYZ-BCDF');
    expect(view.lastFrame()).toContain('Then open https://s.test/oidc/device and enter it.');
    state = nextLoginState(state, { type: 'slow_down', interval: 10 });
    view.rerender(React.createElement(LoginScreen, { state }));
    expect(view.lastFrame()).toContain('checking every 10 s');
    state = nextLoginState(state, { type: 'approved' });
    view.rerender(React.createElement(LoginScreen, { state }));
    expect(view.lastFrame()).toContain('✓ Approved.');
    view.unmount();
  });

  it('draws the upload bar', () => {
    const view = render(
      React.createElement(UploadBar, { label: 'products.csv', sent: 512 * 1024, total: 1024 * 1024 }),
    );
    expect(view.lastFrame()).toContain(
      'Uploading products.csv [==============>               ]  50%  512.0 KB / 1.0 MB',
    );
    view.unmount();
  });

  it('fills the bar from empty to full', () => {
    expect(progressBarText(0, 100)).toBe(`[${' '.repeat(30)}]   0%  0 B / 100 B`);
    expect(progressBarText(100, 100)).toBe(`[${'='.repeat(30)}] 100%  100 B / 100 B`);
  });
});

describe('the plain upload line', () => {
  it("given a 2 000-byte file sent in a 2 300-byte multipart body, then the line shows the file's size", () => {
    const recorded = memoryOutput({ json: false, interactive: false, isTTY: false, color: false });
    const view = plainUploadView(recorded.output, 'countries.csv', 2000);
    view.listener(0, 2300);
    view.listener(2300, 2300);
    expect(recorded.stderr).toContain('Uploading countries.csv (2.0 KB)...');
    expect(recorded.stderr.match(/Uploading/g)).toHaveLength(1);
  });
});

describe('the upload view in CI', () => {
  it('given a terminal and CI set, then the upload is one plain line, without the redrawn bar', async () => {
    const recorded = memoryOutput({ json: false, interactive: false, isTTY: true, color: false });
    const view = await uploadViewFor(recorded.output, 'countries.csv', 2000, { ci: true });
    view.listener(0, 2300);
    view.listener(1000, 2300);
    view.listener(2300, 2300);
    view.close();
    expect(recorded.stderr).toBe('Uploading countries.csv (2.0 KB)...\n');
  });
});

describe('the plain login lines', () => {
  it('given a code with a link that fills it in, then both links and how long the code lasts show', () => {
    const recorded = memoryOutput({ json: false, interactive: false, isTTY: false, color: false });
    plainLoginView(recorded.output).event({
      type: 'code',
      authorization: {
        deviceCode: 'd',
        userCode: 'WXYZ-BCDF',
        verificationUri: 'https://s.test/oidc/device',
        verificationUriComplete: 'https://s.test/oidc/device?user_code=WXYZ-BCDF',
        expiresIn: 600,
        interval: 5,
      },
    });
    expect(recorded.stderr.split('\n')).toEqual([
      '! First copy your one-time code: WXYZ-BCDF',
      '  Then open https://s.test/oidc/device and enter it.',
      '  (Or open https://s.test/oidc/device?user_code=WXYZ-BCDF, the code filled in.)',
      '  Waiting for approval (the code expires in 10 min)...',
      '',
    ]);
  });
});
