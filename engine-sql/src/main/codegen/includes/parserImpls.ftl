<#--
  Verso's statements, rendered into Calcite's Parser.jj. Each production builds a node of
  org.verso.sql.parse.ast; the meaning of the statements lives in engine-sql's ddl package, not here.
-->

boolean VersoIfNotExists() :
{
}
{
    <IF> <NOT> <EXISTS> { return true; }
|
    { return false; }
}

boolean VersoIfExists() :
{
}
{
    <IF> <EXISTS> { return true; }
|
    { return false; }
}

/** CASCADE (true) or RESTRICT (false, the default) at the end of a DROP. */
boolean VersoDropBehavior() :
{
}
{
    <CASCADE> { return true; }
|
    <RESTRICT> { return false; }
|
    { return false; }
}

ReferentialAction VersoReferentialAction() :
{
}
{
    <CASCADE> { return ReferentialAction.CASCADE; }
|
    <RESTRICT> { return ReferentialAction.RESTRICT; }
|
    <NO> <ACTION> { return ReferentialAction.NO_ACTION; }
|
    LOOKAHEAD(2) <SET> <NULL> { return ReferentialAction.SET_NULL; }
|
    <SET> <DEFAULT_> { return ReferentialAction.SET_DEFAULT; }
}

/** [ON DELETE action] [ON UPDATE action], in either order; actions[0] is ON DELETE, actions[1] ON UPDATE. */
void VersoReferentialActions(ReferentialAction[] actions) :
{
}
{
    (
        <ON>
        (
            <DELETE> { actions[0] = VersoReferentialAction(); }
        |
            <UPDATE> { actions[1] = VersoReferentialAction(); }
        )
    )*
}

/**
 * A sequence's options, in any order, as PostgreSQL takes them: AS type, START [WITH] n, INCREMENT [BY] n,
 * MINVALUE n | NO MINVALUE, MAXVALUE n | NO MAXVALUE, [NO] CYCLE, CACHE n.
 */
void VersoSequenceOptions(SequenceOptions sequence) :
{
    SqlNode n;
    SqlDataTypeSpec type;
}
{
    (
        <AS> type = DataType() { sequence.type(type); }
    |
        <START> [ <WITH> ] n = NumericLiteral() { sequence.start(n); }
    |
        <INCREMENT> [ <BY> ] n = NumericLiteral() { sequence.increment(n); }
    |
        <MINVALUE> n = NumericLiteral() { sequence.minValue(n); }
    |
        <MAXVALUE> n = NumericLiteral() { sequence.maxValue(n); }
    |
        <NO> (
            <MINVALUE> { sequence.minValue(null); }
        |
            <MAXVALUE> { sequence.maxValue(null); }
        |
            <CYCLE> { sequence.cycle(false); }
        )
    |
        <CYCLE> { sequence.cycle(true); }
    |
        <CACHE> NumericLiteral()
    )*
}

/** A parenthesised FOREIGN KEY target: REFERENCES table [(columns)] [ON DELETE action] [ON UPDATE action]. */
SqlTableConstraint VersoReferences(Span s, SqlIdentifier name, SqlNodeList columns) :
{
    final SqlIdentifier table;
    SqlNodeList referenced = null;
    final ReferentialAction[] actions = new ReferentialAction[2];
}
{
    <REFERENCES> table = CompoundIdentifier()
    [ referenced = ParenthesizedSimpleIdentifierList() ]
    VersoReferentialActions(actions)
    {
        return SqlTableConstraint.foreignKey(s.end(this), name, columns, table, referenced, actions[0], actions[1]);
    }
}

SqlTableConstraint VersoTableConstraint() :
{
    final Span s;
    SqlIdentifier name = null;
    final SqlNodeList columns;
    final SqlNode condition;
    final SqlTableConstraint constraint;
}
{
    { s = span(); }
    [ <CONSTRAINT> name = SimpleIdentifier() ]
    (
        <PRIMARY> <KEY> columns = ParenthesizedSimpleIdentifierList() {
            return SqlTableConstraint.primaryKey(s.end(this), name, columns);
        }
    |
        <UNIQUE> columns = ParenthesizedSimpleIdentifierList() {
            return SqlTableConstraint.unique(s.end(this), name, columns);
        }
    |
        <FOREIGN> <KEY> columns = ParenthesizedSimpleIdentifierList()
        constraint = VersoReferences(s, name, columns) { return constraint; }
    |
        <CHECK> <LPAREN> condition = Expression(ExprContext.ACCEPT_SUB_QUERY) <RPAREN> {
            return SqlTableConstraint.check(s.end(this), name, condition);
        }
    )
}

/** One clause after a column's type; constraints on the column become constraints over that column. */
void VersoColumnClause(ColumnClauses clauses) :
{
    final Span s;
    SqlIdentifier name = null;
    final SqlNode e;
    final SqlTableConstraint references;
    boolean always = false;
    final SequenceOptions settings = SequenceOptions.none();
}
{
    { s = span(); }
    [ <CONSTRAINT> name = SimpleIdentifier() ]
    (
        <NOT> <NULL> { clauses.nullable(false, s.end(this)); }
    |
        <NULL> { clauses.nullable(true, s.end(this)); }
    |
        <PRIMARY> <KEY> {
            clauses.constraint(SqlTableConstraint.primaryKey(s.end(this), name, clauses.self()));
        }
    |
        <UNIQUE> {
            clauses.constraint(SqlTableConstraint.unique(s.end(this), name, clauses.self()));
        }
    |
        references = VersoReferences(s, name, clauses.self()) { clauses.constraint(references); }
    |
        <CHECK> <LPAREN> e = Expression(ExprContext.ACCEPT_SUB_QUERY) <RPAREN> {
            clauses.constraint(SqlTableConstraint.check(s.end(this), name, e));
        }
    |
        <DEFAULT_> e = Expression(ExprContext.ACCEPT_NON_QUERY) { clauses.defaultValue(e, s.end(this)); }
    |
        <GENERATED>
        ( <ALWAYS> { always = true; } | <BY> <DEFAULT_> { always = false; } )
        <AS> <IDENTITY>
        [ <LPAREN> VersoSequenceOptions(settings) <RPAREN> ]
        { clauses.identity(new IdentityOption(always, settings), s.end(this)); }
    |
        <AUTO_INCREMENT> { clauses.identity(new IdentityOption(false, SequenceOptions.none()), s.end(this)); }
    )
}

SqlColumnDefinition VersoColumn() :
{
    final Span s;
    final SqlIdentifier id;
    final SqlDataTypeSpec type;
    final ColumnClauses clauses;
}
{
    id = SimpleIdentifier() { s = span(); clauses = new ColumnClauses(id); }
    type = DataType()
    ( VersoColumnClause(clauses) )*
    { return clauses.build(s.end(this), type); }
}

void VersoTableElement(List<SqlNode> elements) :
{
    final SqlNode element;
}
{
    (
        element = VersoTableConstraint()
    |
        element = VersoTableLike()
    |
        element = VersoColumn()
    )
    { elements.add(element); }
}

/** LIKE source [{INCLUDING | EXCLUDING} option ...]: see SqlTableLike. */
SqlNode VersoTableLike() :
{
    final Span s;
    final SqlIdentifier source;
    final List<String> likeOptions = new ArrayList<String>();
    String sign;
    SqlIdentifier word;
}
{
    <LIKE> { s = span(); } source = CompoundIdentifier()
    (
        ( <INCLUDING> { sign = "+"; } | <EXCLUDING> { sign = "-"; } )
        (
            <ALL> { likeOptions.add(sign + "ALL"); }
        |
            word = SimpleIdentifier() { likeOptions.add(sign + word.getSimple().toUpperCase(java.util.Locale.ROOT)); }
        )
    )*
    { return new SqlTableLike(s.end(this), source, likeOptions); }
}

SqlOption VersoOption() :
{
    final SqlIdentifier name;
    final SqlNode value;
}
{
    name = SimpleIdentifier() <EQ>
    ( value = Literal() | value = SimpleIdentifier() )
    { return new SqlOption(name.getParserPosition(), name, value); }
}

SqlCreate VersoCreateTable(Span s, boolean replace) :
{
    final boolean ifNotExists;
    final SqlIdentifier id;
    SqlNode query;
    final List<SqlNode> elements = new ArrayList<SqlNode>();
    final List<SqlNode> settings = new ArrayList<SqlNode>();
    SqlNode option;
    boolean withData = true;
}
{
    <TABLE> ifNotExists = VersoIfNotExists() id = CompoundIdentifier()
    (
        <AS> query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
        [ <WITH> ( <NO> <DATA> { withData = false; } | <DATA> ) ]
        { return new SqlCreateTableAsStatement(s.end(this), ifNotExists, id, query, withData); }
    |
        <LPAREN> VersoTableElement(elements) ( <COMMA> VersoTableElement(elements) )* <RPAREN>
        [
            <WITH> <LPAREN> option = VersoOption() { settings.add(option); }
            ( <COMMA> option = VersoOption() { settings.add(option); } )* <RPAREN>
        ]
        {
            return new SqlCreateTableStatement(s.end(this), replace, ifNotExists, id,
                new SqlNodeList(elements, s.end(this)), new SqlNodeList(settings, s.end(this)));
        }
    )
}

void VersoIndexColumn(List<SqlNode> columns) :
{
    SqlNode e;
}
{
    e = SimpleIdentifier()
    [
        <ASC>
    |
        <DESC> { e = SqlStdOperatorTable.DESC.createCall(e.getParserPosition(), e); }
    ]
    { columns.add(e); }
}

SqlCreate VersoCreateIndex(Span s, boolean replace) :
{
    boolean unique = false;
    final boolean ifNotExists;
    SqlIdentifier name = null;
    final SqlIdentifier table;
    final List<SqlNode> columns = new ArrayList<SqlNode>();
    SqlIdentifier method = null;
}
{
    [ <UNIQUE> { unique = true; } ] <INDEX>
    ifNotExists = VersoIfNotExists() [ name = CompoundIdentifier() ]
    <ON> table = CompoundIdentifier()
    [ <USING> method = SimpleIdentifier() ]
    <LPAREN> VersoIndexColumn(columns) ( <COMMA> VersoIndexColumn(columns) )* <RPAREN>
    [ <USING> method = SimpleIdentifier() ]
    {
        return new SqlCreateIndexStatement(s.end(this), replace, unique, ifNotExists, name, table,
            new SqlNodeList(columns, s.end(this)), method);
    }
}

SqlCreate VersoCreateView(Span s, boolean replace) :
{
    final SqlIdentifier name;
    SqlNodeList columns = null;
    final SqlNode query;
}
{
    <VIEW> name = CompoundIdentifier()
    [ columns = ParenthesizedSimpleIdentifierList() ]
    <AS> query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
    { return new SqlCreateViewStatement(s.end(this), replace, name, columns, query); }
}

SqlCreate VersoCreateSchema(Span s, boolean replace) :
{
    final boolean ifNotExists;
    final SqlIdentifier name;
}
{
    <SCHEMA> ifNotExists = VersoIfNotExists() name = SimpleIdentifier()
    { return new SqlCreateSchemaStatement(s.end(this), replace, ifNotExists, name); }
}

SqlCreate VersoCreateSequence(Span s, boolean replace) :
{
    final boolean ifNotExists;
    final SqlIdentifier name;
    final SequenceOptions settings = SequenceOptions.none();
}
{
    <SEQUENCE> ifNotExists = VersoIfNotExists() name = CompoundIdentifier()
    VersoSequenceOptions(settings)
    {
        return new SqlCreateSequenceStatement(s.end(this), replace, ifNotExists, name, settings);
    }
}

SqlDrop VersoDrop(Span s, boolean replace) :
{
    final SqlDropStatement.ObjectKind kind;
    final boolean ifExists;
    final SqlIdentifier name;
    final boolean cascade;
}
{
    (
        <TABLE> { kind = SqlDropStatement.ObjectKind.TABLE; }
    |
        <VIEW> { kind = SqlDropStatement.ObjectKind.VIEW; }
    |
        <INDEX> { kind = SqlDropStatement.ObjectKind.INDEX; }
    |
        <SEQUENCE> { kind = SqlDropStatement.ObjectKind.SEQUENCE; }
    |
        <SCHEMA> { kind = SqlDropStatement.ObjectKind.SCHEMA; }
    )
    ifExists = VersoIfExists() name = CompoundIdentifier() cascade = VersoDropBehavior()
    { return new SqlDropStatement(s.end(this), kind, ifExists, name, cascade); }
}

SqlNode VersoTruncate() :
{
    final Span s;
    final List<SqlIdentifier> tables = new ArrayList<SqlIdentifier>();
    SqlIdentifier name;
    boolean restartIdentity = false;
    final boolean cascade;
}
{
    <TRUNCATE> { s = span(); } [ <TABLE> ] name = CompoundIdentifier() { tables.add(name); }
    ( <COMMA> name = CompoundIdentifier() { tables.add(name); } )*
    [
        <RESTART> <IDENTITY> { restartIdentity = true; }
    |
        <CONTINUE> <IDENTITY>
    ]
    cascade = VersoDropBehavior()
    { return new SqlTruncateStatement(s.end(this), tables, restartIdentity, cascade); }
}

Isolation VersoIsolationLevel() :
{
}
{
    <ISOLATION> <LEVEL>
    (
        <READ>
        ( <COMMITTED> { return Isolation.READ_COMMITTED; } | <UNCOMMITTED> { return Isolation.READ_UNCOMMITTED; } )
    |
        <REPEATABLE> <READ> { return Isolation.REPEATABLE_READ; }
    |
        <SERIALIZABLE> { return Isolation.SERIALIZABLE; }
    )
}

SqlNode VersoTransactionControl() :
{
    final Span s;
    SqlIdentifier name = null;
    Isolation level = null;
}
{
    (
        <BEGIN> { s = span(); } [ <WORK> | <TRANSACTION> ] [ level = VersoIsolationLevel() ]
        { return new SqlTransactionStatement(s.end(this), TransactionControl.Action.BEGIN, null, level); }
    |
        <START> { s = span(); } <TRANSACTION> [ level = VersoIsolationLevel() ]
        { return new SqlTransactionStatement(s.end(this), TransactionControl.Action.BEGIN, null, level); }
    |
        <SET> { s = span(); }
        (
            <TRANSACTION> level = VersoIsolationLevel()
            {
                return new SqlTransactionStatement(s.end(this), TransactionControl.Action.SET_TRANSACTION, null,
                    level);
            }
        |
            <SESSION> <CHARACTERISTICS> <AS> <TRANSACTION> level = VersoIsolationLevel()
            { return new SqlTransactionStatement(s.end(this), TransactionControl.Action.SET_SESSION, null, level); }
        )
    |
        <COMMIT> { s = span(); } [ <WORK> ]
        { return new SqlTransactionStatement(s.end(this), TransactionControl.Action.COMMIT, null); }
    |
        <ROLLBACK> { s = span(); } [ <WORK> ]
        [ <TO> [ <SAVEPOINT> ] name = SimpleIdentifier() ]
        {
            return new SqlTransactionStatement(s.end(this),
                name == null ? TransactionControl.Action.ROLLBACK : TransactionControl.Action.ROLLBACK_TO, name);
        }
    |
        <SAVEPOINT> { s = span(); } name = SimpleIdentifier()
        { return new SqlTransactionStatement(s.end(this), TransactionControl.Action.SAVEPOINT, name); }
    |
        <RELEASE> { s = span(); } [ <SAVEPOINT> ] name = SimpleIdentifier()
        { return new SqlTransactionStatement(s.end(this), TransactionControl.Action.RELEASE, name); }
    )
}

SqlNode VersoAlterTable() :
{
    final Span s;
    final boolean tableIfExists;
    final SqlIdentifier table;
    final SqlNode subject;
    final boolean ifExists;
    final boolean ifNotExists;
    final boolean cascade;
    final SqlIdentifier column;
    final SqlIdentifier newName;
    final SqlNode value;
}
{
    <ALTER> { s = span(); }
    (
        <SEQUENCE> ifExists = VersoIfExists() table = CompoundIdentifier() <RESTART>
        [ <WITH> { value = NumericLiteral(); return new SqlAlterSequenceStatement(s.end(this), table, ifExists, value); } ]
        { return new SqlAlterSequenceStatement(s.end(this), table, ifExists, null); }
    |
    <TABLE> tableIfExists = VersoIfExists() table = CompoundIdentifier()
    (
        <ADD>
        (
            subject = VersoTableConstraint() {
                return new SqlAlterTableStatement(s.end(this), table, SqlAlterTableStatement.Action.ADD_CONSTRAINT,
                    subject, false, false, tableIfExists);
            }
        |
            [ <COLUMN> ] ifNotExists = VersoIfNotExists() subject = VersoColumn() {
                return new SqlAlterTableStatement(s.end(this), table, SqlAlterTableStatement.Action.ADD_COLUMN,
                    subject, ifNotExists, false, tableIfExists);
            }
        )
    |
        <DROP>
        (
            <CONSTRAINT> ifExists = VersoIfExists() subject = SimpleIdentifier() cascade = VersoDropBehavior() {
                return new SqlAlterTableStatement(s.end(this), table,
                    SqlAlterTableStatement.Action.DROP_CONSTRAINT, subject, ifExists, cascade, tableIfExists);
            }
        |
            [ <COLUMN> ] ifExists = VersoIfExists() subject = SimpleIdentifier() cascade = VersoDropBehavior() {
                return new SqlAlterTableStatement(s.end(this), table, SqlAlterTableStatement.Action.DROP_COLUMN,
                    subject, ifExists, cascade, tableIfExists);
            }
        )
    |
        <ALTER> [ <COLUMN> ] column = SimpleIdentifier()
        (
            <SET>
            (
                <DEFAULT_> value = Expression(ExprContext.ACCEPT_NON_QUERY) {
                    subject = new SqlAlterColumn(s.end(this), column, SqlAlterColumn.Change.SET_DEFAULT, value);
                }
            |
                <NOT> <NULL> {
                    subject = new SqlAlterColumn(s.end(this), column, SqlAlterColumn.Change.SET_NOT_NULL, null);
                }
            |
                <DATA> <TYPE> value = DataType() {
                    subject = new SqlAlterColumn(s.end(this), column, SqlAlterColumn.Change.SET_TYPE, value);
                }
            )
        |
            <DROP>
            (
                <DEFAULT_> {
                    subject = new SqlAlterColumn(s.end(this), column, SqlAlterColumn.Change.DROP_DEFAULT, null);
                }
            |
                <NOT> <NULL> {
                    subject = new SqlAlterColumn(s.end(this), column, SqlAlterColumn.Change.DROP_NOT_NULL, null);
                }
            )
        |
            <TYPE> value = DataType() {
                subject = new SqlAlterColumn(s.end(this), column, SqlAlterColumn.Change.SET_TYPE, value);
            }
        )
        {
            return new SqlAlterTableStatement(s.end(this), table, SqlAlterTableStatement.Action.ALTER_COLUMN,
                subject, false, false, tableIfExists);
        }
    |
        <RENAME>
        (
            <TO> newName = CompoundIdentifier() {
                return new SqlAlterTableStatement(s.end(this), table, SqlAlterTableStatement.Action.RENAME_TABLE,
                    newName, false, false, tableIfExists);
            }
        |
            [ <COLUMN> ] column = SimpleIdentifier() <TO> newName = SimpleIdentifier() {
                return new SqlAlterTableStatement(s.end(this), table, SqlAlterTableStatement.Action.RENAME_COLUMN,
                    new SqlNodeList(List.of(column, newName), s.end(this)), false, false, tableIfExists);
            }
        )
    )
    )
}

/**
 * An INSERT, UPDATE or DELETE, optionally followed by PostgreSQL's RETURNING with column names or *, which hands back
 * those columns of the rows it stored (for a DELETE, the rows it removed).
 */
SqlNode VersoChangeMaybeReturning() :
{
    SqlNode change;
    final Span s;
    final List<SqlNode> columns = new ArrayList<SqlNode>();
    SqlIdentifier column;
}
{
    (
        change = SqlInsert() [ change = VersoOnConflict((SqlInsert) change) ]
    |
        change = SqlUpdate()
    |
        change = SqlDelete()
    )
    { s = span(); }
    [
        <RETURNING>
        (
            <STAR> { return new SqlChangeReturning(s.end(this), change, null); }
        |
            column = SimpleIdentifier() { columns.add(column); }
            ( <COMMA> column = SimpleIdentifier() { columns.add(column); } )*
            { return new SqlChangeReturning(s.end(this), change, new SqlNodeList(columns, s.end(this))); }
        )
    ]
    { return change; }
}

/**
 * ON CONFLICT [(column, ...) | ON CONSTRAINT name] DO NOTHING | DO UPDATE SET column = expression, ... [WHERE
 * condition] after an INSERT: PostgreSQL's upsert (see SqlInsertOnConflict).
 */
SqlNode VersoOnConflict(SqlInsert insert) :
{
    final Span s;
    SqlNodeList target = null;
    SqlIdentifier constraint = null;
    final List<SqlNode> targetColumns = new ArrayList<SqlNode>();
    final List<SqlNode> columns = new ArrayList<SqlNode>();
    final List<SqlNode> values = new ArrayList<SqlNode>();
    SqlIdentifier column;
    SqlNode value;
    SqlNode condition = null;
}
{
    <ON> { s = span(); } <CONFLICT>
    [
        <LPAREN> column = SimpleIdentifier() { targetColumns.add(column); }
        ( <COMMA> column = SimpleIdentifier() { targetColumns.add(column); } )*
        <RPAREN> { target = new SqlNodeList(targetColumns, s.end(this)); }
    |
        <ON> <CONSTRAINT> constraint = SimpleIdentifier()
    ]
    <DO>
    (
        <NOTHING> {
            return new SqlInsertOnConflict(s.end(this), insert, target, constraint, null, null, null);
        }
    |
        <UPDATE> <SET>
        column = SimpleIdentifier() <EQ> value = Expression(ExprContext.ACCEPT_SUB_QUERY)
        { columns.add(column); values.add(value); }
        (
            <COMMA> column = SimpleIdentifier() <EQ> value = Expression(ExprContext.ACCEPT_SUB_QUERY)
            { columns.add(column); values.add(value); }
        )*
        [ <WHERE> condition = Expression(ExprContext.ACCEPT_SUB_QUERY) ]
        {
            return new SqlInsertOnConflict(s.end(this), insert, target, constraint,
                new SqlNodeList(columns, s.end(this)), new SqlNodeList(values, s.end(this)), condition);
        }
    )
}

/**
 * MERGE: H2's MERGE INTO table [(columns)] [KEY (columns)] {VALUES ... | query} (see SqlMergeByKey), told by what
 * follows the table's name from the standard MERGE INTO table [[AS] alias] USING source ON condition WHEN ... (see
 * SqlMergeStatement), whose WHEN clauses may have AND conditions and DELETE or DO NOTHING, as in PostgreSQL.
 */
SqlNode VersoMerge() :
{
    final Span s;
    final SqlIdentifier table;
    SqlNodeList columns = null;
    SqlNodeList key = null;
    final SqlNode source;
    SqlIdentifier alias = null;
    final SqlNode condition;
    SqlNode clause;
    final List<SqlNode> clauses = new ArrayList<SqlNode>();
}
{
    (
        LOOKAHEAD(<MERGE> <INTO> CompoundIdentifier() ( <KEY> | <LPAREN> | <VALUES> | <SELECT> | <WITH> ))
        <MERGE> { s = span(); } <INTO> table = CompoundIdentifier()
        [ LOOKAHEAD(2) columns = ParenthesizedSimpleIdentifierList() ]
        [ LOOKAHEAD(2) <KEY> key = ParenthesizedSimpleIdentifierList() ]
        source = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
        { return new SqlMergeByKey(s.end(this), table, columns, key, source); }
    |
        <MERGE> { s = span(); } <INTO> table = CompoundIdentifier()
        [ [ <AS> ] alias = SimpleIdentifier() ]
        <USING> source = TableRef()
        <ON> condition = Expression(ExprContext.ACCEPT_SUB_QUERY)
        ( clause = VersoMergeWhen() { clauses.add(clause); } )+
        {
            return new SqlMergeStatement(s.end(this), table, alias, source, condition,
                new SqlNodeList(clauses, s.end(this)));
        }
    )
}

/** One WHEN [NOT] MATCHED [AND condition] THEN ... clause of MERGE (see SqlMergeWhen). */
SqlNode VersoMergeWhen() :
{
    final Span s;
    boolean matched = true;
    SqlNode condition = null;
    SqlNodeList columns = null;
    final List<SqlNode> names = new ArrayList<SqlNode>();
    final List<SqlNode> values = new ArrayList<SqlNode>();
    SqlIdentifier name;
    SqlNode value;
    SqlNode row;
}
{
    <WHEN> { s = span(); } [ <NOT> { matched = false; } ] <MATCHED>
    [ <AND> condition = Expression(ExprContext.ACCEPT_SUB_QUERY) ]
    <THEN>
    (
        <UPDATE> <SET>
        name = SimpleIdentifier() <EQ> value = Expression(ExprContext.ACCEPT_SUB_QUERY)
        { names.add(name); values.add(value); }
        (
            <COMMA> name = SimpleIdentifier() <EQ> value = Expression(ExprContext.ACCEPT_SUB_QUERY)
            { names.add(name); values.add(value); }
        )*
        {
            return new SqlMergeWhen(s.end(this), matched, condition, SqlMergeWhen.Action.UPDATE,
                new SqlNodeList(names, s.end(this)), new SqlNodeList(values, s.end(this)));
        }
    |
        <DELETE> {
            return new SqlMergeWhen(s.end(this), matched, condition, SqlMergeWhen.Action.DELETE, null, null);
        }
    |
        <INSERT> [ LOOKAHEAD(2) columns = ParenthesizedSimpleIdentifierList() ]
        <VALUES> row = RowConstructor()
        {
            return new SqlMergeWhen(s.end(this), matched, condition, SqlMergeWhen.Action.INSERT, columns,
                new SqlNodeList(((SqlCall) row).getOperandList(), s.end(this)));
        }
    |
        <DO> <NOTHING> {
            return new SqlMergeWhen(s.end(this), matched, condition, SqlMergeWhen.Action.NOTHING, null, null);
        }
    )
}

/** A query, optionally followed by FOR UPDATE (with or without WHERE: see the Snapshot patch in the pom). */
SqlNode VersoQueryMaybeForUpdate() :
{
    final SqlNode query;
}
{
    query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
    (
        <FOR> <UPDATE>
        (
            <NOWAIT> { return new SqlSelectForUpdate(query.getParserPosition(), query, LockWait.NOWAIT); }
        |
            <SKIP_> <LOCKED> {
                return new SqlSelectForUpdate(query.getParserPosition(), query, LockWait.SKIP_LOCKED);
            }
        |
            { return new SqlSelectForUpdate(query.getParserPosition(), query, LockWait.WAIT); }
        )
    |
        { return query; }
    )
}

/**
 * EXPLAIN [PLAN FOR] statement: the physical plan of a query (FOR UPDATE too), an INSERT, an UPDATE, a DELETE or a
 * MERGE.
 * EXPLAIN ANALYZE statement runs the statement and adds, to each operator, the rows it returned, how often it was
 * opened and the time spent in it. Tried before Calcite's EXPLAIN, whose WITH TYPE / AS JSON variants Verso does
 * not offer.
 */
SqlNode VersoExplain() :
{
    final Span s;
    final SqlNode stmt;
    boolean analyze = false;
}
{
    <EXPLAIN> { s = span(); }
    (
        <ANALYZE> { analyze = true; }
    |
        [ LOOKAHEAD(2) <PLAN> <FOR> ]
    )
    (
        stmt = VersoQueryMaybeForUpdate()
    |
        stmt = VersoChangeMaybeReturning()
    |
        stmt = VersoMerge()
    )
    {
        if (analyze) {
            return new SqlExplainAnalyze(s.end(stmt), stmt);
        }
        return new SqlExplain(s.end(stmt), stmt,
            SqlExplainLevel.EXPPLAN_ATTRIBUTES.symbol(SqlParserPos.ZERO),
            SqlExplain.Depth.PHYSICAL.symbol(SqlParserPos.ZERO),
            SqlExplainFormat.TEXT.symbol(SqlParserPos.ZERO), 0);
    }
}

/**
 * The "::type" of PostgreSQL's "expr::type", an operand of the expression being parsed: InfixCast makes the
 * standard CAST(expr AS type) of it, so no later stage sees "::".
 */
void VersoInfixCast(List<Object> list, ExprContext exprContext, Span s) :
{
    final SqlDataTypeSpec type;
}
{
    <INFIX_CAST> {
        checkNonQueryExpression(exprContext);
    }
    type = DataType() {
        list.add(new SqlParserUtil.ToTreeListItem(InfixCast.INSTANCE, s.pos()));
        list.add(type);
    }
}
