/**
 * The plus-address token of a conversation (issue 20): a staff reply's Reply-To is the agency's reply address with
 * the enquiry's reference after a `+` (`hello+rd-26-00001@rendezvousdigital.ng`), so an answer whose subject and
 * headers were lost still names its enquiry. Mail servers deliver `local+anything@domain` to `local@domain`.
 */

const REFERENCE_TOKEN = /^rd-\d{2}-\d{5,}$/;

/** `hello@agency.ng` and `RD-26-00001` -> `hello+rd-26-00001@agency.ng`; an address with a display name keeps it. */
export function plusAddressFor(address: string, reference: string): string {
  const token = reference.toLowerCase();
  return address.replace(/([^\s<@"]+)@([^\s>@]+)/, (_whole, local: string, domain: string) => {
    const base = local.split('+')[0];
    return `${base}+${token}@${domain}`;
  });
}

/** The reference a plus-address names (`RD-26-00001`), or undefined when the address carries none. */
export function referenceFromPlusAddress(address: string): string | undefined {
  const local = /([^\s<@"]+)@/.exec(address)?.[1];
  const token = local?.split('+')[1]?.toLowerCase();
  return token && REFERENCE_TOKEN.test(token) ? token.toUpperCase() : undefined;
}
