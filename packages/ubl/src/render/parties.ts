import type { PartyBox } from '@fiscus/fatturapa/render-kit';
import { joined, schemed, type UblRenderContext } from './context.ts';
import { at, child, children, text, texts, type JsonObject } from './json-access.ts';

/** An address on one line: street, additional street, lines, postcode city, region, country. */
export function addressText(address: JsonObject): string {
  const lines = children(address, 'AddressLine').flatMap((line) => texts(line, 'Line'));
  return joined([
    text(address, 'StreetName'),
    text(address, 'AdditionalStreetName'),
    ...lines,
    joined([text(address, 'PostalZone'), text(address, 'CityName')], ' '),
    text(address, 'CountrySubentity'),
    text(at(address, 'Country'), 'IdentificationCode'),
  ]);
}

/** The party's official name, else its trading name. */
export function partyName(party: JsonObject): string {
  const legal = text(child(party, 'PartyLegalEntity'), 'RegistrationName');
  const trading = text(child(party, 'PartyName'), 'Name');
  return legal || trading || text(party, 'RegistrationName') || text(party, 'Name');
}

/**
 * A party as a box: name, Peppol address (endpoint), identifiers, VAT and other tax numbers,
 * legal registration, address and contact. `party` is the `cac:Party` (or a party-like
 * element such as `cac:PayeeParty`).
 */
export function partyBox(ctx: UblRenderContext, title: string, party: JsonObject): PartyBox {
  const { labels } = ctx;
  const legal = child(party, 'PartyLegalEntity');
  const name = partyName(party);
  const trading = text(child(party, 'PartyName'), 'Name');
  const taxNumbers = children(party, 'PartyTaxScheme').map((scheme) => ({
    id: text(scheme, 'CompanyID'),
    scheme: text(at(scheme, 'TaxScheme'), 'ID'),
  }));
  const vat = taxNumbers.filter((tax) => tax.scheme === 'VAT' || tax.scheme === '');
  const other = taxNumbers.filter((tax) => tax.scheme !== 'VAT' && tax.scheme !== '');
  const contact = child(party, 'Contact');
  const address = addressText(child(party, 'PostalAddress'));
  return {
    title,
    name,
    fields: ctx.fields([
      [labels.tradingName, trading !== name ? trading : ''],
      [labels.endpoint, schemed(party, 'EndpointID')],
      [
        labels.identifier,
        joined(children(party, 'PartyIdentification').map((id) => schemed(id, 'ID'))),
      ],
      [labels.vatNumber, joined(vat.map((tax) => tax.id))],
      [labels.taxNumber, joined(other.map((tax) => joined([tax.id, tax.scheme], ' ')))],
      [labels.legalRegistration, schemed(legal, 'CompanyID')],
      [labels.legalForm, text(legal, 'CompanyLegalForm')],
      [labels.address, address || addressText(child(legal, 'RegistrationAddress'))],
      [labels.contact, text(contact, 'Name')],
      [labels.phone, text(contact, 'Telephone')],
      [labels.email, text(contact, 'ElectronicMail')],
    ]),
  };
}
