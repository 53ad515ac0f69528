// The query of partner-program-taxes (docs/partner-program.md "Tax documents").
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { TaxDocuments_status } from '../components/partner/TaxStatus.graphql.ts';

export const PartnerTaxesQuery = known(graphql(`
  query PartnerTaxesQuery {
    viewer {
      id
    }
    partnerTaxDocuments {
      ...TaxDocuments_status
    }
  }
`, [TaxDocuments_status]));

export type PartnerTaxesData = ResultOf<typeof PartnerTaxesQuery>;
