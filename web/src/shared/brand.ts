/** Names and addresses shown across the portal, kept in one place so a rebrand is one edit. */
export const brand = {
  collegeName: 'Northfield College of Nursing & Allied Health',
  /** The header presents the product as a nursing-education portal, as the spec describes it. */
  productName: 'Northfield Nursing Education Portal',
  helpEmail: 'portal-help@northfield-nursing.edu',
  admissionsEmail: 'admissions@northfield-nursing.edu',
} as const;

export const copyrightNotice = (year = new Date().getFullYear()) => `© ${year} ${brand.collegeName}. All rights reserved.`;
