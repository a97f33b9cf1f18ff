/** `+91 98765 43210`, for display (no phone metadata needed, so any screen may import it). */
export const formatIndianMobile = (e164: string) =>
  e164.replace(/^\+91(\d{5})(\d{5})$/, '+91 $1 $2');
