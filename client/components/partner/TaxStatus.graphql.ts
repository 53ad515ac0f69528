// The tax documents' documents (docs/partner-program.md; ADR 0045): the banner's loader, the
// taxes page and the form's mutation share one fragment.
import { graphql, known, type ResultOf } from '../../app/graphql.ts';

export const TaxDocuments_status = known(graphql(`
  fragment TaxDocuments_status on TaxDocuments {
    enrollmentStatus
    taxDocumentStatus
    earningsFirstWithheldAt
    earningsLimitedAt
    earningsForfeitedAt
    invalidReason
    submittedAt
    formType
    legalName
    taxIdLast4
    needsAction
    showsBanner
  }
`));
export type TaxDocumentsValue = ResultOf<typeof TaxDocuments_status>;

export const TaxStatusToastLoaderQuery = known(graphql(`
  query TaxStatusToastLoaderQuery {
    partnerTaxDocuments {
      ...TaxDocuments_status
    }
  }
`, [TaxDocuments_status]));

export const SubmitTaxDocuments = known(graphql(`
  mutation SubmitTaxDocuments($input: TaxDocumentsInput!) {
    submitTaxDocuments(input: $input) {
      __typename
      ... on TaxDocuments {
        ...TaxDocuments_status
      }
      ... on TaxDocumentsRefused {
        code
        field
        message
      }
    }
  }
`, [TaxDocuments_status]));
