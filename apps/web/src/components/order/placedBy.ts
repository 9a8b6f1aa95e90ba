/**
 * 'Tessa Morales for Gary Lindqvist': the real person, and whom a rep acted for — one wording on Order
 * Complete, My Orders and the order's page (issue 27 §10).
 */
export const placedByText = (placedBy: { name: string; actingFor: string | null }) =>
  placedBy.actingFor ? `${placedBy.name} for ${placedBy.actingFor}` : placedBy.name;
