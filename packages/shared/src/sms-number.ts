// The number SMS notices go to: a Brazilian mobile as E.164 (+55, two-digit area code, 9 and
// eight digits), from what a citizen types: "(51) 99876-4321", "51 998764321", "+55 51 9…",
// "0 51 9…" (the long-distance zero). A landline or a foreign number is no SMS number.
export function brazilianMobile(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) {
    if (!digits.startsWith('55')) return null;
    digits = digits.slice(2);
  } else if (digits.length === 13 && digits.startsWith('55')) {
    digits = digits.slice(2);
  } else if (digits.length === 12 && digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  return /^[1-9][1-9]9\d{8}$/.test(digits) ? `+55${digits}` : null;
}
