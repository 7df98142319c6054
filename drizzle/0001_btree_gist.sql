-- btree_gist lets a GiST exclusion constraint mix equality on plain columns (the dietitian)
-- with range overlap (the appointment's time range): that is what makes double booking
-- impossible (DESIGN §4.4). It is a trusted extension, so a database owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gist;
