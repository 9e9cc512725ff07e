import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { type Clock, systemClock } from '../clock.ts';
import type { Config } from '../config.ts';
import { findUserByEmail, findUserById, setUserPassword } from '../repositories/users.ts';
import type { Store } from '../store/types.ts';
import { beginSignInAttempt, clearLoginFailures, signInSucceeded } from './login-throttle.ts';
import { BAD_LOGIN, forgotPasswordPage, loginPage, messagePage, setPasswordPage } from './pages.ts';
import {
  consumePasswordToken,
  createPasswordToken,
  findPasswordToken,
  hashPassword,
  passwordProblem,
  verifyPassword,
} from './passwords.ts';
import { SCOPES } from './provider.ts';

const LoginForm = z.object({ email: z.string().trim().max(320), password: z.string().max(256) });
const EmailForm = z.object({ email: z.string().trim().max(320) });
const SetPasswordForm = z.object({
  token: z.string().max(200),
  password: z.string().max(256),
  confirm: z.string(),
});

/**
 * These are the sign-in pages (HTML forms, public), not calls of the portal API: left out of the
 * API document like the server's other pages, where they were listed as needing a bearer token.
 */
const PAGE = { schema: { hide: true } };

function sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

function wantsJson(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('application/json');
}

/**
 * The sign-in interaction of the embedded provider (used by both the portal's code flow and the
 * CLI's device flow) and the forgot/set password pages. Lives under `/interaction/<uid>` because
 * the provider's interaction cookie is scoped to exactly that path.
 */
export async function identityPages(
  app: FastifyInstance,
  {
    provider,
    store,
    config,
    clock = systemClock,
  }: { provider: Provider; store: Store; config: Config; clock?: Clock | undefined },
): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const forgotPasswordUrl = config.identity.forgotPasswordUrl;

  app.get<{ Params: { uid: string } }>('/interaction/:uid', PAGE, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.prompt.name === 'login') {
      const context =
        details.params.client_id === config.identity.cliClientId ? 'Sign in to the Siteseer CLI.' : undefined;
      return sendHtml(
        reply,
        200,
        loginPage({ action: `/interaction/${details.uid}/login`, forgotPasswordUrl, context }),
      );
    }
    // Siteseer's clients are first party: consent is granted, never asked.
    const accountId = details.session?.accountId;
    if (!accountId)
      return sendHtml(reply, 400, messagePage('Sign-in problem', 'The sign-in session has ended.'));
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) return sendHtml(reply, 400, messagePage('Sign-in problem', 'The sign-in session has ended.'));
    grant.addOIDCScope(SCOPES);
    grant.addResourceScope(config.identity.audience, SCOPES);
    const grantId = await grant.save();
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { consent: { grantId } },
      {
        mergeWithLastSubmission: true,
      },
    );
    return reply.redirect(redirectTo, 303);
  });

  app.post<{ Params: { uid: string } }>('/interaction/:uid/login', PAGE, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const form = LoginForm.safeParse(request.body);
    const email = form.success ? form.data.email : '';
    const action = `/interaction/${details.uid}/login`;
    const fail = (status: number, error: string) =>
      wantsJson(request)
        ? reply.status(status).send({ error })
        : sendHtml(reply, status, loginPage({ action, email, error, forgotPasswordUrl }));

    if (!form.success || !email) return fail(400, BAD_LOGIN);
    const attempt = await beginSignInAttempt(store, email, request.ip, clock.now());
    if (attempt.refused) {
      reply.header('retry-after', String(attempt.retryAfterMinutes * 60));
      return fail(429, `Too many failed sign-ins. Try again in ${attempt.retryAfterMinutes} minutes.`);
    }
    // The login's delay is waited here rather than answered as "try again in N seconds": such an
    // answer leaves the next free moment to whoever asks first, and a script always does, so the
    // owner would never get in. Waiting holds only a timer and this socket (the per-address
    // limits bound how many one address can hold), and the right password gets in after it.
    if (attempt.delayMs > 0) await clock.sleep(attempt.delayMs);
    const user = await findUserByEmail(store, email);
    const passwordOk = await verifyPassword(user?.passwordHash, form.data.password);
    // A failure was counted when the attempt began.
    if (!user || !passwordOk || user.status !== 'ACTIVE') return fail(401, BAD_LOGIN);
    await signInSucceeded(store, email, request.ip);
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: user.id } },
      { mergeWithLastSubmission: false },
    );
    return wantsJson(request) ? reply.send({ redirectTo }) : reply.redirect(redirectTo, 303);
  });

  app.get<{ Params: { uid: string } }>('/interaction/:uid/abort', PAGE, async (request, reply) => {
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(redirectTo, 303);
  });

  app.get('/auth/forgot-password', PAGE, async (_request, reply) =>
    sendHtml(reply, 200, forgotPasswordPage('/auth/forgot-password')),
  );

  app.post('/auth/forgot-password', PAGE, async (request, reply) => {
    const form = EmailForm.safeParse(request.body);
    if (!form.success || !form.data.email) {
      return sendHtml(
        reply,
        400,
        forgotPasswordPage('/auth/forgot-password', undefined, 'Enter your email address.'),
      );
    }
    const user = await findUserByEmail(store, form.data.email);
    if (user && user.status !== 'DEPROVISIONED') {
      const token = await createPasswordToken(store, user.id, 'reset');
      // The embedded provider sends no e-mail: the link goes to the server log for the operator.
      request.log.info(
        { email: user.email, link: `${config.publicUrl}/auth/set-password?token=${token}` },
        'password reset link',
      );
    }
    // The same answer whether or not the address has a login.
    return sendHtml(
      reply,
      200,
      forgotPasswordPage(
        '/auth/forgot-password',
        'If that address has a login, a link to reset its password is on its way. It works for one hour.',
      ),
    );
  });

  app.get<{ Querystring: { token?: string } }>('/auth/set-password', PAGE, async (request, reply) => {
    const token = request.query.token ?? '';
    if (!(await findPasswordToken(store, token))) {
      return sendHtml(
        reply,
        400,
        messagePage('Link expired', 'This link is not valid any more. Ask for a new one.'),
      );
    }
    return sendHtml(reply, 200, setPasswordPage('/auth/set-password', token));
  });

  app.post('/auth/set-password', PAGE, async (request, reply) => {
    const form = SetPasswordForm.safeParse(request.body);
    if (!form.success) return sendHtml(reply, 400, messagePage('Set password', 'The form was incomplete.'));
    const { token, password, confirm } = form.data;
    const problem = password !== confirm ? 'The two passwords differ.' : passwordProblem(password);
    if (problem) return sendHtml(reply, 400, setPasswordPage('/auth/set-password', token, problem));
    const userId = await store.transaction(async (tx) => {
      const id = await consumePasswordToken(tx, token);
      if (id) await setUserPassword(tx, id, await hashPassword(password));
      return id;
    });
    const user = userId && (await findUserById(store, userId));
    if (!user)
      return sendHtml(
        reply,
        400,
        messagePage('Link expired', 'This link is not valid any more. Ask for a new one.'),
      );
    await clearLoginFailures(store, user.email, request.ip);
    return sendHtml(
      reply,
      200,
      messagePage('Password set', 'Your password is set. You can sign in now.', {
        href: '/login',
        text: 'Sign in',
      }),
    );
  });
}
