// The plugin's page under Settings: the shipping account (connect or
// reconnect through the service's pages), where tracking updates go, the
// sender, the carriers and lockers offered and cash on delivery, saved
// through the plugin's settings route. A refused save shows every problem
// beside its field, in the admin's language (English or Polish).
import { defineRouteConfig } from "@medusajs/admin-sdk";
import { Badge, Button, Checkbox, Container, Heading, Input, Label, Text } from "@medusajs/ui";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import {
  ADDRESS_FIELDS,
  type AddressForm,
  bodyOf,
  formOf,
  type SettingsAnswer,
  type SettingsForm,
  type SettingsIssue,
} from "./settings-form.ts";
import { pageLanguage, textsOf } from "./texts.ts";

type Status =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "refused"; issues: SettingsIssue[] }
  | { kind: "failed" };

const BADGE_COLOR = {
  connected: "green",
  registered: "green",
  reconnect: "red",
  not_connected: "orange",
  elsewhere: "orange",
  not_registered: "orange",
  no_secret: "grey",
  unknown: "red",
} as const;

function Section(props: { title: string; children: ReactNode; name: string }) {
  return (
    <div className="flex flex-col gap-3 px-6 py-4" data-shipbridge-section={props.name}>
      <Heading level="h2">{props.title}</Heading>
      {props.children}
    </div>
  );
}

function FieldError({ issues, path }: { issues: SettingsIssue[]; path: string }) {
  const mine = issues.filter((issue) => issue.path === path);
  if (mine.length === 0) return null;
  return (
    <Text size="small" className="text-ui-fg-error" data-shipbridge-error={path}>
      {mine.map((issue) => issue.message).join(" ")}
    </Text>
  );
}

const ShipbridgeSettingsPage = () => {
  const language = useMemo(pageLanguage, []);
  const t = textsOf(language);
  const headers = useMemo(
    () => ({ "content-type": "application/json", "accept-language": language }),
    [language],
  );
  const [answer, setAnswer] = useState<SettingsAnswer | undefined>();
  const [form, setForm] = useState<SettingsForm | undefined>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const issues = status.kind === "refused" ? status.issues : [];

  const shown = useCallback((body: SettingsAnswer) => {
    setAnswer(body);
    setForm(formOf(body));
  }, []);

  const load = useCallback(() => {
    fetch("/admin/shipbridge/settings", { credentials: "include", headers })
      .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
      .then(shown)
      .catch(() => setLoadFailed(true));
  }, [headers, shown]);

  useEffect(load, [load]);

  const save = (body: Record<string, unknown>) => {
    setStatus({ kind: "saving" });
    fetch("/admin/shipbridge/settings", {
      method: "POST",
      credentials: "include",
      headers,
      body: JSON.stringify(body),
    })
      .then(async (response) => {
        const answered = await response.json();
        if (response.ok) {
          shown(answered as SettingsAnswer);
          setStatus({ kind: "saved" });
        } else if (Array.isArray(answered?.issues)) {
          setStatus({ kind: "refused", issues: answered.issues as SettingsIssue[] });
        } else {
          setStatus({ kind: "failed" });
        }
      })
      .catch(() => setStatus({ kind: "failed" }));
  };

  const connect = () => {
    fetch("/admin/shipbridge/connection", {
      method: "POST",
      credentials: "include",
      headers,
      body: JSON.stringify({ return_to: window.location.href }),
    })
      .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
      .then((body: { authorization_url: string }) => window.location.assign(body.authorization_url))
      .catch(() => setStatus({ kind: "failed" }));
  };

  const registerWebhook = () => {
    fetch("/admin/shipbridge/tracking-webhook", { method: "POST", credentials: "include", headers })
      .then((response) => (response.ok ? load() : Promise.reject(response.status)))
      .catch(() => setStatus({ kind: "failed" }));
  };

  if (loadFailed) {
    return (
      <Container>
        <Text>{t.loadFailed}</Text>
      </Container>
    );
  }
  if (answer === undefined || form === undefined) {
    return (
      <Container>
        <Text>{t.loading}</Text>
      </Container>
    );
  }

  const setAddress = (which: "sender" | "pickup", field: keyof AddressForm, value: string) =>
    setForm({ ...form, [which]: { ...form[which], [field]: value } });
  const setCarrier = (index: number, change: Partial<SettingsForm["carriers"][number]>) =>
    setForm({
      ...form,
      carriers: form.carriers.map((carrier, at) =>
        at === index ? { ...carrier, ...change } : carrier,
      ),
    });

  const addressFields = (which: "sender" | "pickup") => (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {ADDRESS_FIELDS.map((field) => {
        const id = `shipbridge-${which}-${field}`;
        return (
          <div key={field} className="flex flex-col gap-1">
            <Label htmlFor={id} size="small">
              {t.fields[field]}
            </Label>
            <Input
              id={id}
              name={`${which}.${field}`}
              value={form[which][field]}
              aria-invalid={issues.some((issue) => issue.path === `${which}.${field}`)}
              onChange={(event) => setAddress(which, field, event.target.value)}
            />
            <FieldError issues={issues} path={`${which}.${field}`} />
          </div>
        );
      })}
    </div>
  );

  const { connection, tracking_webhook: webhook } = answer;
  const codeGrant = connection.grant === "authorization_code";

  return (
    <Container className="divide-y p-0" data-shipbridge="settings">
      <div className="flex flex-col gap-1 px-6 py-4">
        <Heading level="h1">{t.title}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t.intro}
        </Text>
      </div>

      <Section title={t.account} name="account">
        <div className="flex flex-wrap items-center gap-3">
          <Badge color={BADGE_COLOR[connection.state]} data-shipbridge-account={connection.state}>
            {t.accountStates[connection.state]}
          </Badge>
          {codeGrant ? (
            <Button
              size="small"
              variant="secondary"
              data-shipbridge-action="connect"
              onClick={connect}
            >
              {connection.state === "not_connected" ? t.connect : t.reconnect}
            </Button>
          ) : (
            <Text size="small">{t.fixedGrant}</Text>
          )}
        </div>
      </Section>

      <Section title={t.webhook} name="webhook">
        <div className="flex flex-wrap items-center gap-3">
          <Badge color={BADGE_COLOR[webhook.state]} data-shipbridge-webhook={webhook.state}>
            {t.webhookStates[webhook.state]}
          </Badge>
          {webhook.state === "registered" || webhook.state === "no_secret" ? null : (
            <Button
              size="small"
              variant="secondary"
              data-shipbridge-action="register-webhook"
              onClick={registerWebhook}
            >
              {t.webhookRegister}
            </Button>
          )}
        </div>
        <Text size="small" className="break-all text-ui-fg-subtle">
          {webhook.current ?? webhook.url}
        </Text>
      </Section>

      <form
        className="divide-y"
        onSubmit={(event) => {
          event.preventDefault();
          save(bodyOf(form));
        }}
      >
        <Section title={t.sender} name="sender">
          {addressFields("sender")}
        </Section>

        <Section title={t.pickup} name="pickup">
          <div className="flex items-center gap-2">
            <Checkbox
              id="shipbridge-pickup-elsewhere"
              checked={form.pickupElsewhere}
              onCheckedChange={(checked) => setForm({ ...form, pickupElsewhere: checked === true })}
            />
            <Label htmlFor="shipbridge-pickup-elsewhere" size="small">
              {t.pickupElsewhere}
            </Label>
          </div>
          {form.pickupElsewhere ? addressFields("pickup") : null}
        </Section>

        <Section title={t.carriers} name="carriers">
          <FieldError issues={issues} path="services" />
          {form.carriers.map((carrier, index) => {
            const at = `services.${form.carriers
              .filter((entry) => entry.offered)
              .findIndex((entry) => entry.service === carrier.service)}`;
            const id = `shipbridge-carrier-${carrier.service}`;
            return (
              <div
                key={carrier.service}
                className="flex flex-wrap items-center gap-x-4 gap-y-2"
                data-shipbridge-carrier={carrier.service}
              >
                <div className="flex w-32 items-center gap-2">
                  <Checkbox
                    id={`${id}-offered`}
                    checked={carrier.offered}
                    onCheckedChange={(checked) => setCarrier(index, { offered: checked === true })}
                  />
                  <Label htmlFor={`${id}-offered`} weight="plus">
                    {carrier.service}
                  </Label>
                </div>
                <Input
                  id={`${id}-name`}
                  size="small"
                  className="w-48"
                  placeholder={t.carrierName}
                  aria-label={`${carrier.service}: ${t.carrierName}`}
                  value={carrier.name}
                  disabled={!carrier.offered}
                  onChange={(event) => setCarrier(index, { name: event.target.value })}
                />
                <div className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-point`}
                    checked={carrier.pickup_point}
                    disabled={!carrier.offered}
                    onCheckedChange={(checked) =>
                      setCarrier(index, { pickup_point: checked === true })
                    }
                  />
                  <Label htmlFor={`${id}-point`} size="small">
                    {t.pickupPoint}
                  </Label>
                </div>
                <div className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-returns`}
                    checked={carrier.returns}
                    disabled={!carrier.offered}
                    onCheckedChange={(checked) => setCarrier(index, { returns: checked === true })}
                  />
                  <Label htmlFor={`${id}-returns`} size="small">
                    {t.returns}
                  </Label>
                </div>
                {carrier.offered ? <FieldError issues={issues} path={`${at}.service`} /> : null}
              </div>
            );
          })}
        </Section>

        <Section title={t.cod} name="cod">
          <div className="flex flex-col gap-1">
            <Label htmlFor="shipbridge-cod-iban" size="small">
              {t.iban}
            </Label>
            <Input
              id="shipbridge-cod-iban"
              name="cod.iban"
              value={form.iban}
              aria-invalid={issues.some((issue) => issue.path === "cod.iban")}
              onChange={(event) => setForm({ ...form, iban: event.target.value })}
            />
            <FieldError issues={issues} path="cod.iban" />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="shipbridge-cod-providers" size="small">
              {t.codProviders}
            </Label>
            <Input
              id="shipbridge-cod-providers"
              name="cod_payment_providers"
              value={form.codProviders}
              onChange={(event) => setForm({ ...form, codProviders: event.target.value })}
            />
          </div>
        </Section>

        <div className="flex flex-col gap-3 px-6 py-4">
          {status.kind === "refused" ? (
            <div data-shipbridge-status="refused" className="flex flex-col gap-1">
              <Text weight="plus">{t.refused}</Text>
              <ul className="list-disc pl-5">
                {status.issues.map((issue) => (
                  <li key={`${issue.path} ${issue.rule}`}>
                    <Text size="small">
                      {issue.path} ({issue.rule}): {issue.message}
                    </Text>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {status.kind === "saved" ? (
            <Text data-shipbridge-status="saved" className="text-ui-fg-interactive">
              {t.saved}
            </Text>
          ) : null}
          {status.kind === "failed" ? (
            <Text data-shipbridge-status="failed">{t.failed}</Text>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              data-shipbridge-action="save"
              isLoading={status.kind === "saving"}
            >
              {status.kind === "saving" ? t.saving : t.save}
            </Button>
            <Button
              type="button"
              variant="secondary"
              data-shipbridge-action="defaults"
              onClick={() => save({})}
            >
              {t.defaults}
            </Button>
          </div>
        </div>
      </form>
    </Container>
  );
};

export const config = defineRouteConfig({
  label: "Furgonetka",
});

export default ShipbridgeSettingsPage;
