import { useEffect, useState } from 'preact/hooks';
import { type Account, api, type CatalogueImport, type LedgerEntry, uploadCatalogue } from './api.ts';
import { html } from './html.ts';
import { formatTime, type MessageKey, t } from './i18n.ts';
import { WebhooksPanel } from './webhooks-panel.ts';
import { errorText } from './widgets.ts';

function CatalogueUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<CatalogueImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (file === null) return;
    setError(null);
    setResult(null);
    setProgress(0);
    try {
      setResult(await uploadCatalogue(file, setProgress));
      setProgress(1);
    } catch (err) {
      setError(errorText(err));
      setProgress(null);
    }
  };
  return html`<section aria-labelledby="cat-h" class="card">
    <h2 id="cat-h">${t('catalogue')}</h2>
    <p class="sub">${t('catalogue_hint')}</p>
    <form onSubmit=${submit}>
      <label for="cat-file">${t('catalogue_file')}</label>
      <input id="cat-file" type="file" accept=".csv,.tsv,.jsonl,.ndjson,text/csv" onChange=${(e: Event) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)} />
      <button type="submit" disabled=${file === null || (progress !== null && progress < 1 && result === null)}>${t('upload')}</button>
    </form>
    ${progress === null ? null : html`<label for="cat-progress">${t('uploading')}</label><progress id="cat-progress" max="100" value=${Math.round(progress * 100)}>${Math.round(progress * 100)} %</progress>`}
    <p role="status">${result === null ? '' : t('upload_done', { imported: result.rows_imported, read: result.rows_read, rejected: result.rows_rejected })}</p>
    ${result?.rejections?.length ? html`<ul class="messages">${result.rejections.map((r) => html`<li>${r.line === null ? '' : `${t('line', { line: r.line })}: `}${r.reason}</li>`)}</ul>` : null}
    ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
  </section>`;
}

export function AccountPage() {
  const [account, setAccount] = useState<Account | null>(null);
  const [entries, setEntries] = useState<LedgerEntry[]>([]);
  const [nextBefore, setNextBefore] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loadLedger = (before: string | null) =>
    api<{ data: { entries: LedgerEntry[]; next_before: string | null } }>('GET', `/api/v1/account/ledger?limit=20${before === null ? '' : `&before=${before}`}`)
      .then((res) => {
        setEntries((old) => (before === null ? res.body.data.entries : [...old, ...res.body.data.entries]));
        setNextBefore(res.body.data.next_before);
      })
      .catch((err: unknown) => setError(errorText(err)));
  useEffect(() => {
    void api<{ data: Account }>('GET', '/api/v1/account').then(
      (res) => setAccount(res.body.data),
      (err: unknown) => setError(errorText(err)),
    );
    void loadLedger(null);
  }, []);
  return html`<h1 tabindex="-1">${t('account_title')}${account === null ? '' : `: ${account.name}`}</h1>
    ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
    ${
      account === null
        ? html`<p>${t('loading')}</p>`
        : html`<dl class="facts-list">
            <dt>${t('balance')}</dt><dd data-testid="balance">${t('credits', { count: account.credits })}</dd>
            <dt>${t('engines')}</dt><dd>v1: ${account.agent_models.v1} · v2: ${account.agent_models.v2}</dd>
          </dl>`
    }
    <section aria-labelledby="ledger-h"><h2 id="ledger-h">${t('ledger')}</h2>
      <div class="table-wrap"><table>
        <thead><tr><th scope="col">${t('col_when')}</th><th scope="col">${t('col_reason')}</th><th scope="col">${t('col_change')}</th><th scope="col">${t('col_after')}</th></tr></thead>
        <tbody>${entries.map(
          (e) =>
            html`<tr><td>${formatTime(e.created_at)}</td><td>${t(`reason_${e.reason}` as MessageKey)}${e.product_id === null ? '' : html` · <a href=${`#/products/${e.product_id}`}>${e.product_id.slice(0, 8)}</a>`}</td><td class="num">${e.delta > 0 ? `+${e.delta}` : e.delta}</td><td class="num">${e.balance_after}</td></tr>`,
        )}</tbody>
      </table></div>
      ${nextBefore === null ? null : html`<button type="button" class="secondary" onClick=${() => loadLedger(nextBefore)}>${t('more')}</button>`}
    </section>
    <${CatalogueUpload} />
    <${WebhooksPanel} />`;
}
