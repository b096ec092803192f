import type { Anagrafica, IdFiscale, Indirizzo, IscrizioneREA } from '../model/index.ts';
import { textOf, type Loose } from './loose-model.ts';
import type { RenderContext } from './render-context.ts';

interface NameParts {
  denominazione?: string;
  nome?: string;
  cognome?: string;
  titolo?: string;
}

/** A company name, or title, first name and surname of a person (the XSD's choice). */
export function partyName(anagrafica: Loose<Anagrafica> | NameParts | undefined): string {
  if (!anagrafica) return '';
  const company = textOf(anagrafica.denominazione);
  if (company) return company;
  return [anagrafica.titolo, anagrafica.nome, anagrafica.cognome]
    .map(textOf)
    .filter(Boolean)
    .join(' ');
}

/** A VAT identifier as it is usually written: country prefix and code ("IT01234567890"). */
export function fiscalIdText(id: Loose<IdFiscale> | undefined): string {
  if (!id) return '';
  return `${textOf(id.id_paese)}${textOf(id.id_codice)}`;
}

/** "VIALE ROMA 543, 07100 SASSARI (SS), IT". */
export function addressText(address: Loose<Indirizzo> | undefined): string {
  if (!address) return '';
  const street = [address.indirizzo, address.numero_civico].map(textOf).filter(Boolean).join(' ');
  const province = textOf(address.provincia);
  const town = [address.cap, address.comune].map(textOf).filter(Boolean).join(' ');
  const townWithProvince = province ? `${town} (${province})` : town;
  return [street, townWithProvince, textOf(address.nazione)].filter(Boolean).join(', ');
}

/** Company register entry: office, number, share capital, shareholders and liquidation state. */
export function reaText(rea: Loose<IscrizioneREA> | undefined, ctx: RenderContext): string {
  if (!rea) return '';
  const { labels } = ctx;
  const number = [rea.ufficio, rea.numero_rea].map(textOf).filter(Boolean).join('-');
  const capital = textOf(rea.capitale_sociale)
    ? `${labels.shareCapital} ${ctx.money(rea.capitale_sociale)}`
    : '';
  const shareholders =
    { SU: labels.soleShareholder, SM: labels.severalShareholders }[textOf(rea.socio_unico)] ?? '';
  const liquidation =
    { LS: labels.inLiquidation, LN: labels.notInLiquidation }[textOf(rea.stato_liquidazione)] ?? '';
  return [number, capital, shareholders, liquidation].filter(Boolean).join(', ');
}
