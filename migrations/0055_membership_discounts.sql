-- Discounted plans (docs/adr/0115-discounts-are-discounted-cycles.md): a membership under a
-- discount offer remembers which (discount_id), for how many cycles (discount_num_cycles), at what
-- price per cycle (discount_amount, integer cents) and until when (discount_ends_at, ms). A
-- checkout and a charge name the offer they were made under, so a receipt can say "free month".
ALTER TABLE memberships ADD COLUMN discount_id TEXT;
ALTER TABLE memberships ADD COLUMN discount_num_cycles INTEGER;
ALTER TABLE memberships ADD COLUMN discount_amount INTEGER;
ALTER TABLE memberships ADD COLUMN discount_ends_at INTEGER;
ALTER TABLE checkouts ADD COLUMN discount_id TEXT;
ALTER TABLE charges ADD COLUMN discount_id TEXT;
