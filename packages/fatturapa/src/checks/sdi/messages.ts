import type { Finding } from '../../findings.ts';

interface SdiMessage {
  en: string;
  /** SDI's own wording (AdE "Rappresentazione tabellare" v1.2.2 and SDI's scarto texts). */
  it: string;
  /** Polish, for the console's Polish users (SDI's element numbers and names kept as they are). */
  pl: string;
}

/**
 * Every SDI code this layer reports, with SDI's Italian text and its English and Polish
 * translations.
 * Sources: spec/fatturapa/sdi-error-codes.md and the AdE table
 * (docs/RappresentazioneTabellareFattOrdinaria_V1.2.2.xlsx, column "Codice e descrizione
 * dell'errore").
 */
export const SDI_MESSAGES = {
  '00001': {
    en: 'File name not valid: <IdPaese><IdCodice>_<progressive>.xml|.xml.p7m expected',
    it: 'Nome file non valido',
    pl: 'Nieprawidłowa nazwa pliku: oczekiwano <IdPaese><IdCodice>_<numer kolejny>.xml|.xml.p7m',
  },
  '00002': { en: 'Duplicate file name', it: 'Nome file duplicato', pl: 'Zduplikowana nazwa pliku' },
  '00003': {
    en: 'File size above the limit (5 MB)',
    it: 'Le dimensioni del file superano quelle ammesse',
    pl: 'Rozmiar pliku przekracza dopuszczalny limit (5 MB)',
  },
  '00102': {
    en: 'Signature not valid: the file is not intact',
    it: 'File non integro (firma non valida)',
    pl: 'Nieprawidłowy podpis: plik nie jest integralny',
  },
  '00106': {
    en: 'File empty or corrupt',
    it: 'File / archivio vuoto o corrotto',
    pl: 'Plik lub archiwum puste albo uszkodzone',
  },
  '00300': {
    en: '1.1.1.2 IdCodice (transmitter) not valid',
    it: '1.1.1.2 <IdCodice> non valido',
    pl: 'Nieprawidłowy 1.1.1.2 IdCodice (podmiot przesyłający)',
  },
  '00301': {
    en: '1.2.1.1.2 IdCodice (seller) not valid',
    it: '1.2.1.1.2 <IdCodice> non valido',
    pl: 'Nieprawidłowy 1.2.1.1.2 IdCodice (sprzedawca)',
  },
  '00302': {
    en: '1.2.1.2 CodiceFiscale (seller) not valid',
    it: '1.2.1.2 <CodiceFiscale> non valido',
    pl: 'Nieprawidłowy 1.2.1.2 CodiceFiscale (sprzedawca)',
  },
  '00303': {
    en: '1.3.1.1.2 IdCodice (fiscal representative) or 1.4.4.1.2 IdCodice not valid',
    it: '1.3.1.1.2 <IdCodice> o 1.4.4.1.2 <IdCodice> non valido',
    pl: 'Nieprawidłowy 1.3.1.1.2 IdCodice (przedstawiciel podatkowy) lub 1.4.4.1.2 IdCodice',
  },
  '00304': {
    en: '1.3.1.2 CodiceFiscale (fiscal representative) not valid',
    it: '1.3.1.2 <CodiceFiscale> non valido',
    pl: 'Nieprawidłowy 1.3.1.2 CodiceFiscale (przedstawiciel podatkowy)',
  },
  '00305': {
    en: '1.4.1.1.2 IdCodice (buyer) not valid',
    it: '1.4.1.1.2 <IdCodice> non valido',
    pl: 'Nieprawidłowy 1.4.1.1.2 IdCodice (nabywca)',
  },
  '00306': {
    en: '1.4.1.2 CodiceFiscale (buyer) not valid',
    it: '1.4.1.2 <CodiceFiscale> non valido',
    pl: 'Nieprawidłowy 1.4.1.2 CodiceFiscale (nabywca)',
  },
  '00311': {
    en: '1.1.4 CodiceDestinatario not valid',
    it: '1.1.4 <CodiceDestinatario> non valido',
    pl: 'Nieprawidłowy 1.1.4 CodiceDestinatario',
  },
  '00312': {
    en: '1.1.4 CodiceDestinatario not active',
    it: '1.1.4 <CodiceDestinatario> non attivo',
    pl: 'Nieaktywny 1.1.4 CodiceDestinatario',
  },
  '00313': {
    en:
      '1.1.4 CodiceDestinatario may be "XXXXXXX" only for invoices to non-residents ' +
      '(1.4.1.1 IdFiscaleIVA present with 1.4.1.1.1 IdPaese other than IT)',
    it:
      'L’elemento 1.1.4 <CodiceDestinatario> può essere valorizzato con “XXXXXXX” per comunicare ' +
      'i dati di fatture emesse esclusivamente verso soggetti non residenti (1.4.1.1 ' +
      '<IdFiscaleIVA> deve essere valorizzato e 1.4.1.1.1 <IdPaese> deve esserre diverso da “IT”)',
    pl: '1.1.4 CodiceDestinatario może mieć wartość "XXXXXXX" tylko w fakturach dla nierezydentów (podany 1.4.1.1 IdFiscaleIVA, a 1.4.1.1.1 IdPaese inny niż IT)',
  },
  '00320': {
    en: '1.2.1.1 IdFiscaleIVA and 1.2.1.2 CodiceFiscale (seller) are not consistent',
    it: '1.2.1.1 <IdFiscaleIVA> e 1.2.1.2 <CodiceFiscale> non coerenti',
    pl: '1.2.1.1 IdFiscaleIVA i 1.2.1.2 CodiceFiscale (sprzedawca) są niespójne',
  },
  '00321': {
    en: '1.2.1.2 CodiceFiscale (seller) is not a member of the VAT group',
    it: '1.2.1.2 <CodiceFiscale> di soggetto non partecipante al gruppo IVA',
    pl: '1.2.1.2 CodiceFiscale (sprzedawca) należy do podmiotu spoza grupy VAT',
  },
  '00322': {
    en: '1.2.1.2 CodiceFiscale (seller) missing while 1.2.1.1 IdFiscaleIVA is a VAT group',
    it: '1.2.1.2 <CodiceFiscale> non presente a fronte di 1.2.1.1 <IdFiscaleIVA> di gruppo IVA',
    pl: 'Brak 1.2.1.2 CodiceFiscale (sprzedawca), choć 1.2.1.1 IdFiscaleIVA jest numerem grupy VAT',
  },
  '00323': {
    en: '1.2.1.1.2 IdCodice is a VAT number ceased more than 5 years ago',
    it: '1.2.1.1.2 <IdCodice> corrispondente a una partita IVA cessata da oltre 5 anni',
    pl: '1.2.1.1.2 IdCodice to partita IVA zamknięta ponad 5 lat temu',
  },
  '00324': {
    en: '1.4.1.1 IdFiscaleIVA and 1.4.1.2 CodiceFiscale (buyer) are not consistent',
    it: '1.4.1.1 <IdFiscaleIVA> e 1.4.1.2 <CodiceFiscale> non coerenti',
    pl: '1.4.1.1 IdFiscaleIVA i 1.4.1.2 CodiceFiscale (nabywca) są niespójne',
  },
  '00325': {
    en: '1.4.1.2 CodiceFiscale (buyer) is not a member of the VAT group',
    it: '1.4.1.2 <CodiceFiscale> di soggetto non partecipante al gruppo IVA',
    pl: '1.4.1.2 CodiceFiscale (nabywca) należy do podmiotu spoza grupy VAT',
  },
  '00326': {
    en: '1.4.1.2 CodiceFiscale (buyer) missing while 1.4.1.1 IdFiscaleIVA is a VAT group',
    it: '1.4.1.2 <CodiceFiscale> non presente a fronte di 1.4.1.1 <IdFiscaleIVA> di gruppo IVA',
    pl: 'Brak 1.4.1.2 CodiceFiscale (nabywca), choć 1.4.1.1 IdFiscaleIVA jest numerem grupy VAT',
  },
  '00330': {
    en: '1.1.6 PECDestinatario is an SDI mailbox, which is not allowed',
    it: '1.1.6 <PECDestinatario> contenente un valore non ammesso',
    pl: '1.1.6 PECDestinatario to skrzynka SDI, co jest niedozwolone',
  },
  '00398': {
    en:
      'Office code must be present and uniquely identifiable in IPA when 1.1.4 ' +
      'CodiceDestinatario is a "central" office code',
    it:
      'Codice Ufficio presente ed univocamente identificabile nell’anagrafica IPA di ' +
      'riferimento, in presenza di 1.1.4 <CodiceDestinatario> valorizzato con codice ufficio ' +
      '“Centrale”',
    pl: 'Przy 1.1.4 CodiceDestinatario będącym kodem urzędu „centralnego” kod urzędu musi być podany i jednoznacznie identyfikowalny w rejestrze IPA',
  },
  '00399': {
    en: 'The buyer is registered in IPA (public administration) but 1.1.3 FormatoTrasmissione is FPR12',
    it:
      "CessionarioCommittente presente nell'anagrafica IPA di riferimento in presenza di 1.1.3 " +
      '<FormatoTrasmissione> valorizzato a FPR12',
    pl: 'Nabywca figuruje w rejestrze IPA (administracja publiczna), a 1.1.3 FormatoTrasmissione to FPR12',
  },
  '00400': {
    en: '2.2.1.14 Natura missing or not correctly set while 2.2.1.12 AliquotaIVA is zero',
    it:
      '2.2.1.14 <Natura> non presente o non è stata correttamente valorizzata a fronte di ' +
      '2.2.1.12 <AliquotaIVA> pari a zero',
    pl: 'Brak lub nieprawidłowa wartość 2.2.1.14 Natura przy zerowej 2.2.1.12 AliquotaIVA',
  },
  '00401': {
    en: '2.2.1.14 Natura present while 2.2.1.12 AliquotaIVA is not zero',
    it: '2.2.1.14 <Natura> presente a fronte di 2.2.1.12 <AliquotaIVA> diversa da zero',
    pl: 'Podano 2.2.1.14 Natura przy niezerowej 2.2.1.12 AliquotaIVA',
  },
  '00403': {
    en: '2.1.1.3 Data is later than the date the file was received',
    it: '2.1.1.3 <Data> successiva alla data di ricezione',
    pl: '2.1.1.3 Data jest późniejsza niż data otrzymania pliku',
  },
  '00404': { en: 'Duplicate invoice', it: 'Fattura duplicata', pl: 'Zduplikowana faktura' },
  '00411': {
    en: '2.1.1.5 DatiRitenuta missing while a 2.2.1 DettaglioLinee has 2.2.1.13 Ritenuta SI',
    it:
      '2.1.1.5 <DatiRitenuta> non presente a fronte di almeno un blocco 2.2.1 <DettaglioLinee> ' +
      'con 2.2.1.13 <Ritenuta> uguale a SI',
    pl: 'Brak 2.1.1.5 DatiRitenuta, choć pozycja 2.2.1 DettaglioLinee ma 2.2.1.13 Ritenuta równe SI',
  },
  '00413': {
    en: '2.1.1.7.7 Natura missing while 2.1.1.7.5 AliquotaIVA is zero',
    it: '2.1.1.7.7 <Natura> non presente a fronte di 2.1.1.7.5 <AliquotaIVA> pari a zero',
    pl: 'Brak 2.1.1.7.7 Natura przy zerowej 2.1.1.7.5 AliquotaIVA',
  },
  '00414': {
    en: '2.1.1.7.7 Natura present while 2.1.1.7.5 AliquotaIVA is not zero',
    it: '2.1.1.7.7 <Natura> presente a fronte di 2.1.1.7.5 <Aliquota IVA> diversa da zero',
    pl: 'Podano 2.1.1.7.7 Natura przy niezerowej 2.1.1.7.5 AliquotaIVA',
  },
  '00415': {
    en: '2.1.1.5 DatiRitenuta missing while 2.1.1.7.6 Ritenuta is SI',
    it: '2.1.1.5 <DatiRitenuta> non presente a fronte di 2.1.1.7.6 <Ritenuta> uguale a SI',
    pl: 'Brak 2.1.1.5 DatiRitenuta, choć 2.1.1.7.6 Ritenuta jest równe SI',
  },
  '00417': {
    en: '1.4.1.1 IdFiscaleIVA and 1.4.1.2 CodiceFiscale both missing (at least one is required)',
    it:
      '1.4.1.1 <IdFiscaleIVA> e 1.4.1.2 <CodiceFiscale> non valorizzati (almeno uno dei due ' +
      'deve essere valorizzato)',
    pl: 'Brak zarówno 1.4.1.1 IdFiscaleIVA, jak i 1.4.1.2 CodiceFiscale (wymagany jest co najmniej jeden z nich)',
  },
  '00418': {
    en: '2.1.1.3 Data is earlier than 2.1.6.3 Data (linked invoice)',
    it: '2.1.1.3 <Data> antecedente a 2.1.6.3 <Data>',
    pl: '2.1.1.3 Data jest wcześniejsza niż 2.1.6.3 Data (powiązana faktura)',
  },
  '00419': {
    en: '2.2.2 DatiRiepilogo missing for a value of 2.1.1.7.5 AliquotaIVA or 2.2.1.12 AliquotaIVA',
    it:
      '2.2.2 <DatiRiepilogo> non presente in corrispondenza di almeno un valore di 2.1.1.7.5 ' +
      '<AliquotaIVA> o 2.2.1.12 <AliquotaIVA>',
    pl: 'Brak 2.2.2 DatiRiepilogo dla jednej z wartości 2.1.1.7.5 AliquotaIVA lub 2.2.1.12 AliquotaIVA',
  },
  '00420': {
    en: '2.2.2.2 Natura of type N6 (reverse charge) while 2.2.2.7 EsigibilitaIVA is S (split payment)',
    it:
      '2.2.2.2 <Natura> con valore di tipo N6 (inversione contabile) a fronte di 2.2.2.7 ' +
      '<EsigibilitaIVA> uguale a S (scissione pagamenti)',
    pl: '2.2.2.2 Natura typu N6 (odwrotne obciążenie) przy 2.2.2.7 EsigibilitaIVA równym S (podzielona płatność)',
  },
  '00421': {
    en: '2.2.2.6 Imposta not computed according to the rules of the technical specifications',
    it: '2.2.2.6 <Imposta> non calcolato secondo le regole definite nelle specifiche tecniche',
    pl: 'Wartość 2.2.2.6 Imposta nie jest obliczona zgodnie z zasadami specyfikacji technicznych',
  },
  '00422': {
    en:
      '2.2.2.5 ImponibileImporto not computed according to the rules of the technical ' +
      'specifications',
    it:
      '2.2.2.5 <ImponibileImporto> non calcolato secondo le regole definite nelle specifiche ' +
      'tecniche',
    pl: 'Wartość 2.2.2.5 ImponibileImporto nie jest obliczona zgodnie z zasadami specyfikacji technicznych',
  },
  '00423': {
    en: '2.2.1.11 PrezzoTotale not computed according to the rules of the technical specifications',
    it: '2.2.1.11 <PrezzoTotale> non calcolato secondo le regole definite nelle specifiche tecniche',
    pl: 'Wartość 2.2.1.11 PrezzoTotale nie jest obliczona zgodnie z zasadami specyfikacji technicznych',
  },
  '00424': {
    en: 'AliquotaIVA (2.2.1.12, 2.2.2.1 or 2.1.1.7.5) not expressed as a percentage',
    it:
      '2.2.1.12 <AliquotaIVA> o 2.2.2.1 <AliquotaIVA> o 2.1.1.7.5 <AliquotaIVA> non indicata in ' +
      'termini percentuali',
    pl: 'AliquotaIVA (2.2.1.12, 2.2.2.1 lub 2.1.1.7.5) nie jest wyrażona w procentach',
  },
  '00425': {
    en: '2.1.1.4 Numero contains no digit',
    it: '2.1.1.4 <Numero> non contenente caratteri numerici',
    pl: '2.1.1.4 Numero nie zawiera żadnej cyfry',
  },
  '00426': {
    en: '1.1.6 PECDestinatario present while 1.1.4 CodiceDestinatario is not 0000000',
    it: '1.1.6 <PECDestinatario> valorizzato a fronte di 1.1.4 <CodiceDestinatario> diverso da 0000000',
    pl: 'Podano 1.1.6 PECDestinatario, choć 1.1.4 CodiceDestinatario jest inny niż 0000000',
  },
  '00427': {
    en: '1.1.4 CodiceDestinatario length not allowed for 1.1.3 FormatoTrasmissione',
    it:
      '1.1.4 <CodiceDestinatario> di 7 caratteri non ammesso (in caso di FPA) / di 6 caratteri ' +
      'non ammesso (in caso di FPR)',
    pl: 'Długość 1.1.4 CodiceDestinatario niedozwolona dla 1.1.3 FormatoTrasmissione',
  },
  '00428': {
    en: '1.1.3 FormatoTrasmissione not consistent with the VERSIONE attribute',
    it: "1.1.3 <FormatoTrasmissione> non coerente con il valore dell'attributo VERSIONE",
    pl: '1.1.3 FormatoTrasmissione jest niespójny z atrybutem VERSIONE',
  },
  '00429': {
    en: '2.2.2.2 Natura missing while 2.2.2.1 AliquotaIVA is zero',
    it: '2.2.2.2 <Natura> non presente a fronte di 2.2.2.1 <AliquotaIVA> pari a zero',
    pl: 'Brak 2.2.2.2 Natura przy zerowej 2.2.2.1 AliquotaIVA',
  },
  '00430': {
    en: '2.2.2.2 Natura present while 2.2.2.1 AliquotaIVA is not zero',
    it: '2.2.2.2 <Natura> presente a fronte di 2.2.2.1 <AliquotaIVA> diversa da zero',
    pl: 'Podano 2.2.2.2 Natura przy niezerowej 2.2.2.1 AliquotaIVA',
  },
  '00437': {
    en: '2.1.1.8.2 Percentuale and 2.1.1.8.3 Importo both missing while 2.1.1.8.1 Tipo is set',
    it:
      '2.1.1.8.2 <Percentuale> e 2.1.1.8.3 <Importo> non presenti a fronte di 2.1.1.8.1 <Tipo> ' +
      'valorizzato',
    pl: 'Brak zarówno 2.1.1.8.2 Percentuale, jak i 2.1.1.8.3 Importo, choć podano 2.1.1.8.1 Tipo',
  },
  '00438': {
    en: '2.2.1.10.2 Percentuale and 2.2.1.10.3 Importo both missing while 2.2.1.10.1 Tipo is set',
    it:
      '2.2.1.10.2 <Percentuale> e 2.2.1.10.3 <Importo> non presenti a fronte di 2.2.1.10.1 ' +
      '<Tipo> valorizzato',
    pl: 'Brak zarówno 2.2.1.10.2 Percentuale, jak i 2.2.1.10.3 Importo, choć podano 2.2.1.10.1 Tipo',
  },
  '00443': {
    en:
      'The values of 2.2.1.12 AliquotaIVA or 2.1.1.7.5 AliquotaIVA do not correspond to those ' +
      'of 2.2.2.1 AliquotaIVA',
    it:
      'non c’è corrispondenza tra i valori indicati nell’elemento 2.2.1.12 <AliquotaIVA> o ' +
      '2.1.1.7.5 <AliquotaIVA> e quelli dell’elemento 2.2.2.1 <AliquotaIVA>',
    pl: 'Wartości 2.2.1.12 AliquotaIVA lub 2.1.1.7.5 AliquotaIVA nie odpowiadają wartościom 2.2.2.1 AliquotaIVA',
  },
  '00444': {
    en:
      'The values of 2.2.1.14 Natura or 2.1.1.7.7 Natura do not correspond to those of ' +
      '2.2.2.2 Natura',
    it:
      'non c’è corrispondenza tra i valori indicati nell’elemento 2.2.1.14 <Natura> o 2.1.1.7.7 ' +
      '<Natura> e quelli dell’elemento 2.2.2.2 <Natura>',
    pl: 'Wartości 2.2.1.14 Natura lub 2.1.1.7.7 Natura nie odpowiadają wartościom 2.2.2.2 Natura',
  },
  '00445': {
    en: 'The generic Natura N2, N3 or N6 is no longer allowed',
    it: 'non è più ammesso il valore generico N2, N3 o N6 come codice natura dell’operazione',
    pl: 'Ogólne kody Natura N2, N3 i N6 nie są już dozwolone',
  },
  '00471': {
    en: 'For this 2.1.1.1 TipoDocumento the seller cannot be the same as the buyer',
    it:
      "per il valore indicato nell'elemento 2.1.1.1 <TipoDocumento> il cedente/prestatore non può " +
      'essere uguale al cessionario/committente',
    pl: 'Przy tym 2.1.1.1 TipoDocumento sprzedawca nie może być tym samym podmiotem co nabywca',
  },
  '00472': {
    en: 'For this 2.1.1.1 TipoDocumento the seller must be the same as the buyer',
    it:
      "per il valore indicato nell'elemento 2.1.1.1 <TipoDocumento> il cedente/prestatore deve " +
      'essere uguale al cessionario/committente',
    pl: 'Przy tym 2.1.1.1 TipoDocumento sprzedawca musi być tym samym podmiotem co nabywca',
  },
  '00473': {
    en: 'For this 2.1.1.1 TipoDocumento the value of 1.2.1.1.1 IdPaese is not allowed',
    it:
      "per il valore indicato nell'elemento 2.1.1.1 <TipoDocumento> il valore presente " +
      "nell'elemento 1.2.1.1.1 <IdPaese> non è ammesso",
    pl: 'Przy tym 2.1.1.1 TipoDocumento wartość 1.2.1.1.1 IdPaese jest niedozwolona',
  },
  '00474': {
    en: 'For this 2.1.1.1 TipoDocumento no line may have 2.2.1.12 AliquotaIVA zero',
    it:
      "per il valore indicato nell'elemento 2.1.1.1 <TipoDocumento> non sono ammesse linee di " +
      "dettaglio con l'elemento 2.2.1.12 <AliquotaIVA> contenente valore zero",
    pl: 'Przy tym 2.1.1.1 TipoDocumento żadna pozycja nie może mieć zerowej 2.2.1.12 AliquotaIVA',
  },
  '00475': {
    en: 'For this 2.1.1.1 TipoDocumento the buyer 1.4.1.1 IdFiscaleIVA is required',
    it:
      "per il valore indicato nell'elemento 2.1.1.1 <TipoDocumento> deve essere presente " +
      "l'elemento 1.4.1.1 <IdFiscaleIVA> del cessionario/committente",
    pl: 'Przy tym 2.1.1.1 TipoDocumento wymagany jest 1.4.1.1 IdFiscaleIVA nabywcy',
  },
  '00476': {
    en: '1.2.1.1.1 IdPaese and 1.4.1.1.1 IdPaese cannot both be other than IT',
    it:
      'gli elementi 1.2.1.1.1 <IdPaese> e 1.4.1.1.1 <IdPaese> non possono essere entrambi ' +
      'valorizzati con codice diverso da IT',
    pl: '1.2.1.1.1 IdPaese i 1.4.1.1.1 IdPaese nie mogą być oba różne od IT',
  },
  /**
   * Not an SDI code: the 400 EUR limit of the simplified invoice (art. 21-bis DPR 633/72, DM
   * 10 May 2019) has no code in the AdE table, so it gets a stable code of ours.
   */
  FSM_AMOUNT_LIMIT: {
    en: 'A simplified invoice (TD07) cannot exceed 400.00 EUR in total',
    it: "L'importo totale della fattura semplificata (TD07) non può superare 400,00 euro",
    pl: 'Łączna kwota faktury uproszczonej (TD07) nie może przekraczać 400,00 EUR',
  },
} as const satisfies Record<string, SdiMessage>;

export type SdiCode = keyof typeof SDI_MESSAGES;

/** Collects the findings of one run of the SDI checks. */
export class SdiReport {
  readonly findings: Finding[] = [];

  add(code: SdiCode, propertyPath: string): void {
    this.findings.push(sdiFinding(code, propertyPath));
  }
}

/**
 * One finding of layer 'sdi' with SDI's texts, for callers that detect a condition themselves
 * (e.g. core's reader reporting 00106 for a file it cannot open).
 */
export function sdiFinding(code: SdiCode, propertyPath = ''): Finding {
  const { en, it, pl } = SDI_MESSAGES[code];
  return { layer: 'sdi', code, propertyPath, message: en, messageIt: it, messages: { it, en, pl } };
}
