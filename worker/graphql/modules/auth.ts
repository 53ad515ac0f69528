// Sign-in and sign-up calls (docs/product/2-sign-in-notices-cache-routing.md §4.1, §7, §8;
// docs/product/3-routes-data-calls-constants.md §8), by the spec's names:
//   query    EmailAvailability      isEmailAvailable(email) → Boolean
//   mutation SendAcctAuthEmail      sendAcctAuthEmail(…) → SusiMethod | BadRequest | FailedChallenge | NotFound
//   mutation VerifyLoginCode        verifyLoginCode(loginCode) → Token | BadRequest | NotFound | TooManyRequests
//   mutation CreateAccount          createAccount(name, username, token) → User | BadRequest | NotFound | UserCreationRateLimited
//   mutation SendVerificationEmail  sendVerificationEmail → VerificationEmailSent | BadRequest | NotFound | TooManyRequests
// plus what the dialog and the registration form read: signInOptions, pendingRegistration,
// and User.unverifiedEmail. The work is in worker/auth/; these resolvers only adapt it.
// Both send and verify may also answer TooManyRequests or IpAuthLockout (limits of
// worker/auth/rate-limit.ts), which the spec's client treats as "Please try again." and
// ours shows with their message.
import { createAccountAndSignIn } from '../../auth/create-account.ts';
import { authCall, isEmailAvailable, sendAcctAuthEmail, verifyLoginCode, type SendAcctAuthEmailInput } from '../../auth/email-sign-in.ts';
import { sendVerificationEmail, unverifiedEmailOf } from '../../auth/email-verification.ts';
import { pendingRegistrationOf } from '../../auth/registration.ts';
import { signInOptions } from '../../auth/sign-in-options.ts';
import { afterSignUpRedirect, applySignUpContext } from '../../accounts/sign-up-context.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { isViewer } from '../../context/viewer-checks.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  type Query {
    "EmailAvailability: true when no account uses this email. Counted against a per-address limit."
    isEmailAvailable(email: String!): Boolean
    "How this deployment offers sign-in: providers with a button, the email option, the captcha."
    signInOptions: SignInOptions!
    "The sign-up waiting for a name and username in this browser (after a register link, code or provider); null when none."
    pendingRegistration: PendingRegistration
  }

  type Mutation {
    """
    SendAcctAuthEmail: mails a sign-in (operation login) or sign-up (register) link and
    six-digit code, valid 15 minutes, single use. login with an unknown email answers
    NotFound ("Sorry, we didn't recognize that email."); register answers alike whether
    or not the email has an account. redirect is a path on the main host.
    """
    sendAcctAuthEmail(
      email: String!
      redirect: String
      fullName: String
      captchaValue: String
      operation: String
      onMobileWeb: Boolean
    ): SendAcctAuthEmailResult!

    """
    VerifyLoginCode: checks the six-digit code of the newest request of this browser. On
    success the response sets the session cookie (or the registration cookie for a new
    account) and Token.value is where to go next. 5 wrong codes kill the request.
    """
    verifyLoginCode(loginCode: String!): VerifyLoginCodeResult!

    """
    CreateAccount: turns the pending registration (the registration cookie, or token)
    into an account with a name and username, then signs in. BadRequest carries the spec's
    sign-up error code.
    """
    createAccount(name: String!, username: String!, token: String): CreateAccountResult!

    "SendVerificationEmail: mails a verification link to the viewer's unverified email."
    sendVerificationEmail: SendVerificationEmailResult!
  }

  type User {
    "Viewer only. An email waiting to be verified (VERIFY_EMAIL toast); null when none."
    unverifiedEmail: String
  }

  "The sign-in method a sent email stands for: the operation recorded (login or register)."
  type SusiMethod {
    value: String!
  }

  "Where to go after a verified code (the session or registration cookie is set)."
  type Token {
    value: String!
  }

  "Sign-up error codes of docs/product/3-routes-data-calls-constants.md §8."
  enum SignUpErrorCode {
    EMAIL_TAKEN
    NON_MEMBER
    PASSWORD_TOO_LONG
    PASSWORD_TOO_SHORT
    UNKNOWN
    USERNAME_INVALID
    USERNAME_TAKEN
    USERNAME_TOO_LONG
  }

  type BadRequest {
    message: String!
    "Set by CreateAccount."
    signUpErrorCode: SignUpErrorCode
  }

  "The captcha was not passed."
  type FailedChallenge {
    message: String!
  }

  type LockoutInfo {
    failCount: Int
    "When the lockout ends (ms since the epoch)."
    lockedOutUntil: Long
  }

  "A limit was reached; message says for how long (minutes, rounded up)."
  type TooManyRequests {
    message: String!
    lockoutInfo: LockoutInfo
  }

  "Too many accounts were created from this network lately (worker/auth/rate-limit.ts LIMITS.accountsPerAddress)."
  type UserCreationRateLimited {
    message: String!
    lockoutInfo: LockoutInfo
  }

  "This network may not sign in for a while (message in days)."
  type IpAuthLockout {
    message: String!
    lockoutInfo: LockoutInfo
  }

  type VerificationEmailSent {
    email: String!
  }

  union SendAcctAuthEmailResult = SusiMethod | BadRequest | FailedChallenge | NotFound | TooManyRequests | IpAuthLockout
  union VerifyLoginCodeResult = Token | BadRequest | NotFound | TooManyRequests | IpAuthLockout
  union CreateAccountResult = User | BadRequest | NotFound | UserCreationRateLimited
  union SendVerificationEmailResult = VerificationEmailSent | BadRequest | NotFound | TooManyRequests

  enum SocialProvider {
    GOOGLE
    FACEBOOK
    APPLE
    TWITTER
  }

  type SocialSignInButton {
    provider: SocialProvider!
    "The auth-domain address that starts it (operation and redirect are added as query parameters)."
    href: String!
    "Offered on the sign-up options too (docs/product/2-sign-in-notices-cache-routing.md §2.1: Google and Facebook, unless disable_signup_facebook)."
    offeredForSignUp: Boolean!
  }

  type SignInOptions {
    "Configured providers not hidden by a disable flag, in button order."
    socialButtons: [SocialSignInButton!]!
    "False when disable_sign_in_email hides the email option."
    email: Boolean!
    "Turnstile site key; null when the captcha is off."
    captchaSiteKey: String
    captchaOnLogin: Boolean!
    captchaOnRegister: Boolean!
    "The v3 variant (its flag): the never-interactive widget."
    captchaV3: Boolean!
  }

  type PendingRegistration {
    email: String
    fullName: String!
    suggestedUsername: String!
    redirect: String!
  }
`;

const byTypename = (value: { __typename: string }) => value.__typename;

export const authModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      isEmailAvailable: (_: unknown, args: { email: string }, ctx: RequestContext) => isEmailAvailable(ctx, args.email),
      signInOptions: (_: unknown, __: unknown, ctx: RequestContext) => signInOptions(ctx.env),
      pendingRegistration: async (_: unknown, __: unknown, ctx: RequestContext) => {
        const pending = await pendingRegistrationOf(ctx);
        if (!pending) return null;
        // A new account goes through onboarding, unless its sign-up source skips it (docs/adr/0081-sign-up-context-and-onboarding.md).
        return { ...pending, redirect: afterSignUpRedirect(pending.redirect) };
      },
    },
    Mutation: {
      sendAcctAuthEmail: (_: unknown, args: SendAcctAuthEmailInput, ctx: RequestContext) => sendAcctAuthEmail(authCall(ctx), args),
      verifyLoginCode: (_: unknown, args: { loginCode: string }, ctx: RequestContext) => verifyLoginCode(authCall(ctx), args.loginCode),
      createAccount: async (_: unknown, args: { name: string; username: string; token?: string | null }, ctx: RequestContext) => {
        const outcome = await createAccountAndSignIn(ctx, args);
        if (!('created' in outcome)) return outcome;
        // The new account follows the writer, publication or topic it signed up from.
        await applySignUpContext(ctx.env, ctx.changes, outcome.created.id, outcome.redirect, ctx.now);
        return outcome.created;
      },
      sendVerificationEmail: (_: unknown, __: unknown, ctx: RequestContext) => sendVerificationEmail(authCall(ctx)),
    },
    User: {
      unverifiedEmail: (user: { id: string }, _: unknown, ctx: RequestContext) => (isViewer(ctx, user.id) ? unverifiedEmailOf(ctx.db, user.id) : null),
    },
    SendAcctAuthEmailResult: { __resolveType: byTypename },
    VerifyLoginCodeResult: { __resolveType: byTypename },
    SendVerificationEmailResult: { __resolveType: byTypename },
    CreateAccountResult: {
      __resolveType: (value: { __typename?: string }) => value.__typename ?? 'User',
    },
  },
};
