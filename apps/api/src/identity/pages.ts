import { createHash } from 'node:crypto';
import { MESSAGES } from '@siteseer/core';
import { escapeHtml, html, type RawHtml, raw, toHtmlString } from '../html/html.ts';

/**
 * The identity provider's own pages: sign-in (for the portal's code flow and the CLI's device
 * flow), device code entry and confirmation, forgot and set password. Server-rendered so that they
 * work with no script, labelled for assistive technology, in light and dark schemes.
 */
const STYLE = `
:root{color-scheme:light dark;--fg:#1a1a1a;--bg:#f5f6f8;--card:#fff;--accent:#1565c0;--err:#b00020;--muted:#555}
@media (prefers-color-scheme:dark){:root{--fg:#eee;--bg:#121212;--card:#1e1e1e;--accent:#90caf9;--err:#ff8a80;--muted:#bbb}}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:24rem;margin:4rem auto;padding:2rem;background:var(--card);border-radius:8px;box-shadow:0 1px 4px #0003}
h1{font-size:1.5rem;margin:0 0 1rem}
label{display:block;margin:1rem 0 .25rem;font-weight:600}
input{box-sizing:border-box;width:100%;padding:.6rem;font:inherit;border:1px solid var(--muted);border-radius:4px;background:transparent;color:inherit}
button{margin-top:1.5rem;width:100%;padding:.7rem;font:inherit;font-weight:700;border:0;border-radius:4px;background:var(--accent);color:var(--card);cursor:pointer}
button.link{background:none;color:var(--accent);width:auto;padding:0;font-weight:400;text-decoration:underline}
a{color:var(--accent)}
.error{color:var(--err);font-weight:600}
.code{font:700 1.6rem monospace;letter-spacing:.15em}
p.muted{color:var(--muted)}`;

/** Submits the provider's logout form at once: the portal has already asked the user. */
const LOGOUT_SCRIPT = 'document.forms[0].submit()';

function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The CSP sources that allow these pages' inline style and script, and nothing else inline: the
 * pages are served with a policy that has no 'unsafe-inline'.
 */
export const IDENTITY_PAGE_SOURCES = { style: sha256Source(STYLE), script: sha256Source(LOGOUT_SCRIPT) };

function page(title: string, body: RawHtml): string {
  return toHtmlString(html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | Siteseer</title>
<style>${raw(STYLE)}</style>
</head>
<body><main>${body}</main></body>
</html>`);
}

function errorLine(error: string | undefined): RawHtml {
  return error ? html`<p class="error" role="alert">${error}</p>` : html``;
}

export interface LoginPageOptions {
  action: string;
  email?: string;
  error?: string;
  forgotPasswordUrl: string;
  /** Shown above the form, e.g. which application asks. */
  context?: string;
}

/** The spec's login screen: email, password, LOGIN, 'Need help logging in?'. */
export function loginPage(options: LoginPageOptions): string {
  return page(
    'Login',
    html`<h1>Sign in to Siteseer</h1>
${options.context ? html`<p class="muted">${options.context}</p>` : html``}
${errorLine(options.error)}
<form method="post" action="${options.action}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${options.email ?? ''}" autofocus>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">LOGIN</button>
</form>
<p><a href="${options.forgotPasswordUrl}">Need help logging in?</a></p>`,
  );
}

export const BAD_LOGIN = MESSAGES.badLogin;

/** Who the device pages sign in, and where "Not you?" goes (sign out, then back to the device page). */
export interface DeviceSignIn {
  email: string;
  notYouUrl: string;
}

function signedInLine(who: DeviceSignIn | undefined): RawHtml {
  return who
    ? html`<p class="muted">Signing in as <strong>${who.email}</strong> · <a href="${who.notYouUrl}">Not you?</a></p>`
    : html``;
}

/**
 * Device flow: enter the code shown by the CLI. `form` is the provider's form (hidden xsrf field);
 * `code` fills the field when the CLI's link carried it.
 */
export function deviceCodeInputPage(
  form: string,
  error: string | undefined,
  options: { code?: string | undefined; who?: DeviceSignIn | undefined } = {},
): string {
  // The provider's input has no label: give it one, and an id for it.
  const value = options.code ? ` value="${escapeHtml(options.code)}"` : '';
  const labelled = form.replace(
    'name="user_code"',
    `id="user_code" name="user_code" aria-describedby="code-help"${value}`,
  );
  return page(
    'Device sign-in',
    html`<h1>Sign in a device</h1>
${signedInLine(options.who)}
${errorLine(error)}
<p id="code-help" class="muted">${options.code ? 'Check that this is the code the Siteseer CLI shows.' : 'Enter the code that the Siteseer CLI shows.'}</p>
<label for="user_code">Code</label>
${raw(labelled)}
<button type="submit" form="op.deviceInputForm">Continue</button>`,
  );
}

/** Device flow: confirm that the code shown matches the device. */
export function deviceCodeConfirmPage(
  form: string,
  clientName: string,
  userCode: string,
  who?: DeviceSignIn,
): string {
  return page(
    'Confirm device',
    html`<h1>Confirm device</h1>
${signedInLine(who)}
<p><strong>${clientName}</strong> asks to sign in${who ? html`` : html` as you`}. Check that it shows this code:</p>
<p class="code">${userCode}</p>
${raw(form)}
<button type="submit" form="op.deviceConfirmForm">Continue</button>
<button type="submit" class="link" form="op.deviceConfirmForm" value="yes" name="abort">Abort</button>`,
  );
}

/** Device flow, done: who the device is signed in as, and that the browser has nothing more to do. */
export function deviceSuccessPage(clientName: string, email: string | undefined): string {
  return page(
    'Device signed in',
    html`<h1>Device signed in</h1>
<p>${clientName} is signed in${email ? html` as <strong>${email}</strong>` : html``}.</p>
<p class="muted">You can close this page and go back to your terminal.</p>`,
  );
}

export function forgotPasswordPage(action: string, notice?: string, error?: string): string {
  return page(
    'Forgot password',
    html`<h1>Reset your password</h1>
${errorLine(error)}
${notice ? html`<p role="status">${notice}</p>` : html``}
<form method="post" action="${action}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required>
<button type="submit">Send reset link</button>
</form>`,
  );
}

export function setPasswordPage(action: string, token: string, error?: string): string {
  return page(
    'Set password',
    html`<h1>Choose a password</h1>
${errorLine(error)}
<form method="post" action="${action}">
<input type="hidden" name="token" value="${token}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="10">
<label for="confirm">Confirm password</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="10">
<button type="submit">Set password</button>
</form>`,
  );
}

/** Logout confirmation: the provider's form (its xsrf field), submitted by the page itself. */
export function logoutPage(form: string): string {
  return page(
    'Sign out',
    html`<h1>Sign out</h1><p>Signing out...</p>${raw(form)}<script>${raw(LOGOUT_SCRIPT)}</script>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  return page(
    title,
    html`<h1>${title}</h1><p>${message}</p>${link ? html`<p><a href="${link.href}">${link.text}</a></p>` : html``}`,
  );
}
