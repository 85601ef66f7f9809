// The hot path's SQL, written once as Kysely queries and compiled once (`.compile()`) for
// the database's engine: a column renamed or dropped in the schema is a type error in the
// query, not a shifted position in a hand-written list. A value the caller gives at run time
// is a named slot (`slot('id')`); the compiled statement binds the caller's values to its
// placeholders by name. Rows come back with the names the query selects, as Kysely types
// them: column names are written snake_case, aliases are kept as written, and a column the
// outer query selects without an alias is given its camelCase name.
import {
  AliasNode,
  ColumnNode,
  type Compilable,
  CompiledQuery,
  IdentifierNode,
  type Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  ReferenceNode,
  type RootOperationNode,
  SelectAllNode,
  SelectionNode,
  type UnknownRow,
} from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

class Slot {
  constructor(readonly name: string) {}
}

/** A value given at run time, by name; typed as the column it stands for. */
export function slot<T>(name: string): T {
  return new Slot(name) as unknown as T;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

class HotPathNames extends OperationNodeTransformer {
  protected override transformIdentifier(node: IdentifierNode): IdentifierNode {
    return IdentifierNode.create(snakeCase(super.transformIdentifier(node).name));
  }

  protected override transformAlias(node: AliasNode): AliasNode {
    return AliasNode.create(this.transformNode(node.node), node.alias);
  }

  protected override transformSelection(node: SelectionNode): SelectionNode {
    const selected = node.selection;
    // `select *` would hand the caller snake_case names typed as camelCase ones.
    if (SelectAllNode.is(selected) || (ReferenceNode.is(selected) && SelectAllNode.is(selected.column))) {
      if (this.nodeStack.findLast((ancestor) => ancestor.kind.endsWith('QueryNode')) === this.nodeStack[0]) {
        throw new Error('a hot-path statement names its columns: no selectAll() in the outer query');
      }
    }
    const column = ReferenceNode.is(selected) ? selected.column : ColumnNode.is(selected) ? selected : undefined;
    // Only the rows the caller reads get camelCase names; a CTE's or a subquery's columns
    // keep the table's, so the query around it can name them.
    const query = this.nodeStack.findLast((ancestor) => ancestor.kind.endsWith('QueryNode'));
    if (column && ColumnNode.is(column) && query === this.nodeStack[0]) {
      const name = column.column.name;
      return SelectionNode.create(AliasNode.create(this.transformNode(selected), IdentifierNode.create(name)));
    }
    return super.transformSelection(node);
  }
}

const names: KyselyPlugin = {
  transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => new HotPathNames().transformNode(args.node),
  transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
};

/** A statement compiled for one engine: its SQL, and its parameters from named values. */
export interface Statement<Row> {
  /** Names the prepared statement on PostgreSQL. */
  readonly name: string;
  readonly sql: string;
  /** The named slots, in placeholder order. */
  readonly slots: readonly string[];
  bind(values: object): unknown[];
  /** The row type (for inference only). */
  readonly row?: Row;
}

type RowOf<Q> = Q extends Compilable<infer R> ? R : never;

/** Compiles `build`'s query once for `db`'s engine. */
export function statement<Q extends Compilable<unknown>>(
  db: Db,
  name: string,
  build: (db: Kysely<Database>) => Q,
): Statement<RowOf<Q>> {
  const compiled = build(db.withoutPlugins().withPlugin(names)).compile();
  const parameters = compiled.parameters;
  return {
    name,
    sql: compiled.sql,
    slots: parameters.flatMap((parameter) => (parameter instanceof Slot ? [parameter.name] : [])),
    bind: (values) =>
      parameters.map((parameter) => {
        if (!(parameter instanceof Slot)) return parameter;
        if (!(parameter.name in values)) throw new Error(`${name}: no value for ${parameter.name}`);
        return (values as Record<string, unknown>)[parameter.name];
      }),
  };
}

/** The statement with `values` bound, to run through Kysely (the plain path, FAST_PATH=off). */
export function bound<Row>(statement: Statement<Row>, values: object): CompiledQuery<Row> {
  return CompiledQuery.raw(statement.sql, statement.bind(values)) as CompiledQuery<Row>;
}
