-- The retention offer is taken once per account (docs/adr/0120-cancellation-reasons-and-retention-offer.md),
-- and two accepts at the same moment must not both pass (docs/adr/0186-retention-accept-is-one-conditional-write.md):
-- at most one accepted answer per user, so the second of two concurrent batches fails whole.
CREATE UNIQUE INDEX membership_cancellations_one_accepted_offer ON membership_cancellations (user_id) WHERE offer_accepted = 1;
