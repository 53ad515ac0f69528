// Curation status of docs/product/3-routes-data-calls-constants.md §4 (not reviewed, pending,
// distributed, not distributed, disabled), as topic curators read it (docs/reader.md "Topic
// curators"; the rule: worker/topics/curation-status.ts).
export const CURATION_STATUSES = ['NOT_REVIEWED', 'PENDING', 'DISTRIBUTED', 'NOT_DISTRIBUTED', 'DISABLED'] as const;

export type CurationStatus = (typeof CURATION_STATUSES)[number];

export const CURATION_STATUS_LABELS: Readonly<Record<CurationStatus, string>> = {
  NOT_REVIEWED: 'Not reviewed',
  PENDING: 'Pending',
  DISTRIBUTED: 'Distributed',
  NOT_DISTRIBUTED: 'Not distributed',
  DISABLED: 'Disabled',
};
