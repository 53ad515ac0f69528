// Two-factor authentication in the settings (the spec's methods AUTH_APP, SMS_TEXT, VOICE_CALL;
// its lockout results InvalidTwoFactorAuthCode, TwoFactorAuthSoftLockout,
// TwoFactorAuthPermanentLockout with lockoutInfo; docs/adr/0162-two-factor-authentication.md).
// The rules: worker/auth/two-factor.ts.
import type { RequestContext } from '../../context/request-context.ts';
import { confirmTwoFactor, disableTwoFactor, enrolTwoFactor, viewerTwoFactorStatus } from '../../auth/two-factor.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  enum TwoFactorAuthMethod {
    AUTH_APP
    SMS_TEXT
    VOICE_CALL
  }

  type TwoFactorAuthStatus {
    enabled: Boolean!
    method: TwoFactorAuthMethod
    "Recovery codes not used yet."
    recoveryCodesLeft: Int!
  }

  "A new authenticator-app secret: its otpauth URI is shown as a QR code."
  type TwoFactorAuthEnrollment {
    secret: String!
    otpauthUri: String!
  }

  "The method is on: the recovery codes, shown this once (only their hashes are kept)."
  type TwoFactorAuthRecoveryCodes {
    recoveryCodes: [String!]!
  }

  type InvalidTwoFactorAuthCode {
    message: String!
    lockoutInfo: LockoutInfo
  }
  type TwoFactorAuthSoftLockout {
    message: String!
    lockoutInfo: LockoutInfo
  }
  type TwoFactorAuthPermanentLockout {
    message: String!
    lockoutInfo: LockoutInfo
  }

  union StartTwoFactorAuthResult = TwoFactorAuthEnrollment | BadRequest
  union ConfirmTwoFactorAuthResult = TwoFactorAuthRecoveryCodes | InvalidTwoFactorAuthCode | TwoFactorAuthSoftLockout | TwoFactorAuthPermanentLockout
  union DisableTwoFactorAuthResult = TwoFactorAuthStatus | InvalidTwoFactorAuthCode | TwoFactorAuthSoftLockout | TwoFactorAuthPermanentLockout

  type Query {
    "The viewer's two-factor authentication (null signed out)."
    viewerTwoFactorAuth: TwoFactorAuthStatus
  }

  type Mutation {
    "A new authenticator-app secret (replacing one not confirmed yet)."
    startTwoFactorAuthEnrollment: StartTwoFactorAuthResult!
    "Turns the method on with a code from the app; answers the recovery codes."
    confirmTwoFactorAuth(code: String!): ConfirmTwoFactorAuthResult!
    "Turns the method off with a code from the app or a recovery code."
    disableTwoFactorAuth(code: String!): DisableTwoFactorAuthResult!
  }
`;

const resolveType = { __resolveType: (value: { __typename: string }) => value.__typename };

export const twoFactorModule: SchemaModule = {
  typeDefs,
  resolvers: {
    StartTwoFactorAuthResult: resolveType,
    ConfirmTwoFactorAuthResult: resolveType,
    DisableTwoFactorAuthResult: resolveType,
    Query: {
      viewerTwoFactorAuth: (_r: unknown, _a: unknown, ctx: RequestContext) => viewerTwoFactorStatus(ctx),
    },
    Mutation: {
      startTwoFactorAuthEnrollment: async (_r: unknown, _a: unknown, ctx: RequestContext) => {
        const result = await enrolTwoFactor(ctx);
        return 'uri' in result ? { __typename: 'TwoFactorAuthEnrollment', secret: result.secret, otpauthUri: result.uri } : result;
      },
      confirmTwoFactorAuth: async (_r: unknown, args: { code: string }, ctx: RequestContext) => {
        const result = await confirmTwoFactor(ctx, args.code);
        return result.ok ? { __typename: 'TwoFactorAuthRecoveryCodes', recoveryCodes: result.recoveryCodes } : result.failure;
      },
      disableTwoFactorAuth: async (_r: unknown, args: { code: string }, ctx: RequestContext) => {
        const result = await disableTwoFactor(ctx, args.code);
        return result.ok ? { __typename: 'TwoFactorAuthStatus', ...(await viewerTwoFactorStatus(ctx))! } : result.failure;
      },
    },
  },
};
