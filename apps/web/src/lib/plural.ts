/** '1 report', '3 reports', '1 bag', '2 bags'; `many` where adding an s is not the plural. */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`;
