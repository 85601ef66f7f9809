// Masking of a citizen's contact details for readers without the tracking token (decision 0002 §8).

/** "Maria da Silva Souza" → "Maria d. S. S." : first name and initials. */
export function maskName(name: string | null): string | null {
  if (!name) return name;
  const [first, ...rest] = name.trim().split(/\s+/);
  return [first, ...rest.map((part) => `${part.charAt(0).toUpperCase()}.`)].join(' ');
}

/** Keeps the last four digits only. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return phone;
  const digits = phone.replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}

/** "maria@example.com" → "m•••@example.com" : first letter and domain. */
export function maskEmail(email: string | null): string | null {
  if (!email) return email;
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.charAt(0)}•••${email.slice(at)}`;
}
