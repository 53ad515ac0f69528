-- Custom style sheets (the spec's CustomStyleSheet entity, docs/product/3-routes-data-calls-constants.md
-- §5; docs/adr/0160-custom-style-sheets.md): the fonts, accent colour and header layout a writer
-- (/me/design) or a publication (/{collectionSlug}/design) picked. Structured values only, never
-- CSS: the checks repeat the capability's (worker/publications/custom-style-sheets.ts) so no row
-- can hold anything else. A publication's colours and masthead layout stay in collection_designs
-- (0024); its row here holds its fonts.
CREATE TABLE custom_style_sheets (
  owner_kind TEXT NOT NULL CHECK (owner_kind IN ('user', 'collection')),
  owner_id TEXT NOT NULL,
  heading_font TEXT NOT NULL DEFAULT 'SANS_SERIF_1' CHECK (heading_font IN ('SERIF_1', 'SERIF_2', 'SANS_SERIF_1', 'SANS_SERIF_2')),
  body_font TEXT NOT NULL DEFAULT 'SERIF_1' CHECK (body_font IN ('SERIF_1', 'SERIF_2', 'SANS_SERIF_1', 'SANS_SERIF_2')),
  accent_color TEXT CHECK (accent_color IS NULL OR (length(accent_color) = 7 AND accent_color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]')),
  header_layout TEXT NOT NULL DEFAULT 'STANDARD' CHECK (header_layout IN ('STANDARD', 'CENTERED')),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (owner_kind, owner_id)
);
