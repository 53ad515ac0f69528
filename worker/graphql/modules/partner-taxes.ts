// Tax documents of Partner Program writers (docs/product/2-sign-in-notices-cache-routing.md §4.5;
// docs/partner-program.md):
//   query    TaxStatusToastLoaderQuery / PartnerTaxesQuery  partnerTaxDocuments → TaxDocuments (viewer only; null when never enrolled)
//   mutation SubmitTaxDocuments  submitTaxDocuments(input) → TaxDocuments | TaxDocumentsRefused
import { submitTaxDocuments, viewerTaxDocuments, type TaxFormInput } from '../../partner/tax-documents.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "A Partner Program writer's tax documents (docs/product/2-sign-in-notices-cache-routing.md §3, §4.5)."
  type TaxDocuments {
    "The writer's Partner Program status (ACTIVE, INACTIVE, PENDING_ACTION, SUSPENDED)."
    enrollmentStatus: String!
    "0 not submitted, 1 pending, 2 on hold, 3 invalid, 4 approved."
    taxDocumentStatus: Int!
    earningsFirstWithheldAt: Long
    earningsLimitedAt: Long
    earningsForfeitedAt: Long
    "Why staff found the newest form invalid; null unless it is."
    invalidReason: String
    submittedAt: Long
    formType: String
    legalName: String
    taxIdLast4: String
    "The §4.5 rule: not submitted and before the forfeit date, or invalid."
    needsAction: Boolean!
    "Whether the tax banner is shown (status ACTIVE or PENDING_ACTION, documents not approved)."
    showsBanner: Boolean!
  }

  enum TaxDocumentsRefusalCode {
    NOT_ENROLLED
    ALREADY_SUBMITTED
    INVALID_FIELD
  }

  type TaxDocumentsRefused {
    code: TaxDocumentsRefusalCode!
    "The form field at fault (formType, legalName, country, address, taxId, signature, certified)."
    field: String
    message: String!
  }

  union SubmitTaxDocumentsResult = TaxDocuments | TaxDocumentsRefused

  input TaxDocumentsInput {
    "W-9 (US taxpayers) or W-8BEN (everyone else)."
    formType: String!
    legalName: String!
    "ISO 3166 country code of tax residence."
    country: String!
    address: String!
    "SSN or EIN (W-9) or the foreign tax identifying number (W-8BEN); only its last four digits are kept."
    taxId: String!
    "The legal name typed again."
    signature: String!
    certified: Boolean!
  }

  type Query {
    "Viewer only. The viewer's tax documents; null when logged out or never enrolled."
    partnerTaxDocuments: TaxDocuments
  }

  type Mutation {
    submitTaxDocuments(input: TaxDocumentsInput!): SubmitTaxDocumentsResult!
  }
`;

export const partnerTaxesModule: SchemaModule = {
  typeDefs,
  resolvers: {
    SubmitTaxDocumentsResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    Query: {
      partnerTaxDocuments: async (_: unknown, __: unknown, ctx: RequestContext) => {
        const tax = await viewerTaxDocuments(ctx);
        return tax ? { __typename: 'TaxDocuments', ...tax } : null;
      },
    },
    Mutation: {
      submitTaxDocuments: async (_: unknown, args: { input: TaxFormInput }, ctx: RequestContext) => {
        const outcome = await submitTaxDocuments(ctx, args.input);
        return 'code' in outcome ? { __typename: 'TaxDocumentsRefused', ...outcome } : { __typename: 'TaxDocuments', ...outcome };
      },
    },
  },
};
