/** A count with its noun: "1 enquiry", "3 enquiries", "0 records". */
export const countText = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
