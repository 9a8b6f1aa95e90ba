/** The order number as a dealer quotes it (SO-1042). */
export const orderNumberOf = (number: number) => `SO-${number}`;
