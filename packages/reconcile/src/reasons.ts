/**
 * The reasons of a match in words, English and Italian. The API and the console may word the
 * codes themselves (they are stable); these sentences serve the command line and the tests.
 */
import type { MatchReason } from './model.ts';

export type ReasonLang = 'en' | 'it';

/** One reason as a sentence. */
export function reasonText(reason: MatchReason, lang: ReasonLang = 'en'): string {
  const it = lang === 'it';
  switch (reason.code) {
    case 'payment-code':
      return it
        ? `Codice di pagamento ${reason.value} della fattura`
        : `The invoice's payment code ${reason.value}`;
    case 'reference':
      return it
        ? `Il testo cita ${reason.value}: fattura ${reason.number}`
        : `The text names ${reason.value}: invoice ${reason.number}`;
    case 'reference-typo':
      return it
        ? `Il testo cita ${reason.value}, a un carattere dalla fattura ${reason.number}`
        : `The text names ${reason.value}, one character away from invoice ${reason.number}`;
    case 'reference-short':
      return it
        ? `Il testo cita ${reason.value}, parte del numero ${reason.number}`
        : `The text names ${reason.value}, part of number ${reason.number}`;
    case 'reference-unknown':
      return it
        ? `Il testo cita ${reason.value}, che non è una fattura aperta`
        : `The text names ${reason.value}, no open invoice`;
    case 'amount-exact':
      return it ? 'Importo uguale al residuo da pagare' : 'The amount is what is left to pay';
    case 'amount-sum':
      return it
        ? `Importo uguale alla somma di ${reason.count} documenti`
        : `The amount is the sum of ${reason.count} documents`;
    case 'partial':
      return it
        ? `Pagamento parziale: ${reason.paid} su ${reason.open}`
        : `Partial payment: ${reason.paid} of ${reason.open}`;
    case 'overpaid':
      return it
        ? `Pagato ${reason.paid}, più del residuo ${reason.open}`
        : `Paid ${reason.paid}, more than the ${reason.open} open`;
    case 'credit-note':
      return it
        ? `Nota di credito ${reason.number} compensata`
        : `Credit note ${reason.number} netted`;
    case 'grouped':
      return it
        ? `Un bonifico per ${reason.count} documenti`
        : `One transfer for ${reason.count} documents`;
    case 'iban':
      return it
        ? "Accreditato sull'IBAN indicato in fattura"
        : 'Received on the IBAN the invoice gives';
    case 'name-same':
      return it ? 'Ordinante uguale al cliente' : 'The payer is the customer';
    case 'name-similar':
      return it
        ? `Ordinante simile al cliente (${Math.round(reason.score * 100)}%)`
        : `The payer's name is like the customer's (${Math.round(reason.score * 100)}%)`;
    case 'name-different':
      return it ? 'Ordinante diverso dal cliente' : "The payer's name is not the customer's";
    case 'payer-known':
      return it
        ? 'IBAN ordinante già usato da questo cliente'
        : "The payer's IBAN has paid this customer's invoices before";
    case 'batch':
      return it
        ? `Movimento cumulativo di ${reason.count} operazioni`
        : `A batch of ${reason.count} transactions`;
    case 'ambiguous':
      return it
        ? `Più fatture ugualmente probabili: ${reason.candidates.join(', ')}`
        : `Several invoices equally likely: ${reason.candidates.join(', ')}`;
    case 'no-candidate':
      return it ? 'Nessuna fattura aperta corrisponde' : 'No open invoice fits';
    case 'debit':
      return it ? 'Addebito: non paga fatture di vendita' : 'A debit: it pays no customer invoice';
    case 'reversal':
      return it ? 'Storno di un movimento precedente' : 'The reversal of an earlier entry';
    case 'not-booked':
      return it
        ? `Movimento non contabilizzato (${reason.status})`
        : `Entry not booked (${reason.status})`;
    case 'currency':
      return it
        ? `Importo in ${reason.currency} non confrontabile`
        : `An amount in ${reason.currency} that no invoice can have`;
  }
}
