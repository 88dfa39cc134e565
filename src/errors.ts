// Shared typed error base. Every error the library throws on bad input carries a stable `code`
// (machine-checkable) and a message naming the file/line/id/field involved.

export class CombatsimError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    this.name = new.target.name;
  }
}

/** A required spell value never resolved: the spell is unknown, or the field is absent from its data. */
export class MissingSpellData extends CombatsimError {
  readonly spellId: number;
  readonly field: string;
  constructor(spellId: number, field: string, detail?: string) {
    super(
      "MISSING_SPELL_DATA",
      `missing spell data: spell ${spellId} field "${field}"${detail ? ` (${detail})` : ""}`,
    );
    this.spellId = spellId;
    this.field = field;
  }
}

/** A spell-table cell has the wrong type (e.g. text in a numeric column). Names table, row id and column. */
export class SpellDataError extends CombatsimError {
  constructor(table: string, rowId: unknown, column: string, detail: string) {
    super("INVALID_SPELL_DATA", `invalid spell data: ${table} row ID=${String(rowId)} column "${column}": ${detail}`);
  }
}

/** A JSON spell record failed validation. `path` names the offending field (e.g. `effects[1].aura`). */
export class SpellRecordJsonError extends CombatsimError {
  readonly path: string;
  constructor(path: string, detail: string) {
    super("INVALID_SPELL_RECORD_JSON", `invalid spell record JSON at "${path}": ${detail}`);
    this.path = path;
  }
}

/** Following an effect's trigger-spell chain hit a cycle or exceeded the depth bound. */
export class TriggerChainError extends CombatsimError {
  readonly chain: readonly number[];
  constructor(code: "TRIGGER_CHAIN_CYCLE" | "TRIGGER_CHAIN_TOO_DEEP", chain: readonly number[], detail: string) {
    super(code, `trigger chain ${chain.join(" -> ")}: ${detail}`);
    this.chain = chain;
  }
}
