/**
 * The clinic's offices as the pages show them: the booking flow's office step (POST
 * /api/booking/locations/fetch) and the contact page. Shared by the server and the browser.
 */

export interface Address {
  street_number: string;
  street_name: string;
  /** An office's street as French writes it ('rue Metcalfe'); absent on a patient's address. Null: street_name. */
  street_name_fr?: string | null;
  unit_number: string | null;
  city: string;
  province: { code: string };
  country: { code: string; label: string };
  postal_code: string;
  place_name: string | null;
}

export interface Office {
  id: number;
  name: string;
  is_available: boolean;
  is_virtual: boolean;
  address: Address | null;
  google_maps_link: string | null;
  map_url: string | null;
}

/** What the contact page shows of an office: its name in the page's language, address and map. */
export interface ContactOffice {
  slug: string;
  name: string;
  isVirtual: boolean;
  address: {
    streetNumber: string;
    streetName: string;
    /** 'rue Metcalfe'; null: streetName. */
    streetNameFr: string | null;
    unitNumber: string | null;
    city: string;
    provinceCode: string;
    postalCode: string;
  } | null;
  googleMapsLink: string | null;
}
