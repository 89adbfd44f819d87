package org.verso.sql.schema;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.impl.ViewTable;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.CatalogNames;
import org.verso.core.catalog.SequenceDefinition;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.catalog.ViewDefinition;
import org.verso.core.system.SystemView;
import org.verso.sql.type.TypeAliases;
import org.verso.sql.type.TypeMapping;
import org.verso.sql.type.VersoTypeFactory;

/**
 * The catalog at one version, as a Calcite catalog reader: one Calcite schema per Verso schema ({@code PUBLIC}, the
 * default for unqualified names, those made by CREATE SCHEMA, and {@code SYS} and {@code INFORMATION_SCHEMA} with
 * the system views), holding the tables, views (expanded where a statement uses them) and sequences (for
 * {@code NEXT VALUE FOR}), and the {@link TypeAliases} as named types. Read at one catalog version, so a plan
 * always sees one consistent set of objects, and shared by the statements planned at that version: nothing in it
 * changes once it is built (its Calcite schemas do not cache). Names are matched case-sensitively because the
 * parser already normalised unquoted identifiers.
 */
public final class SchemaSnapshot {
    private final long catalogVersion;
    private final Catalog catalog;
    private final JavaTypeFactoryImpl typeFactory;
    /** Immutable, so shared by every statement planned against this snapshot (making one made eight literals). */
    private final RexBuilder rexBuilder;
    private final CalciteCatalogReader catalogReader;
    private final List<SystemView> systemViews;

    private SchemaSnapshot(long catalogVersion, Catalog catalog, JavaTypeFactoryImpl typeFactory,
                           CalciteCatalogReader reader, List<SystemView> systemViews) {
        this.catalogVersion = catalogVersion;
        this.catalog = catalog;
        this.typeFactory = typeFactory;
        this.rexBuilder = new RexBuilder(typeFactory);
        this.catalogReader = reader;
        this.systemViews = systemViews;
    }

    /** Reads the catalog; returns null if a DDL statement changed it while reading (the caller retries). */
    public static SchemaSnapshot read(Catalog catalog, List<SystemView> systemViews) {
        return read(catalog, systemViews, List.of(), null);
    }

    /**
     * Reads the catalog as {@link #read(Catalog, List)} does, with {@code extraTables} in place of the catalog's
     * tables of the same names or in addition to them (CREATE and ALTER TABLE check their constraints against the
     * definition they are about to store); {@code defaults} converts DEFAULT expressions for INSERT planning (null
     * when nothing is inserted).
     */
    public static SchemaSnapshot read(Catalog catalog, List<SystemView> systemViews, List<TableDefinition> extraTables,
                                      DefaultValueConverter defaults) {
        long version = catalog.version();
        CalciteSchema root = CalciteSchema.createRootSchema(false, false);
        // Type names a CAST may use besides the standard ones, as DDL takes them (CAST(x AS TEXT), x::int8).
        TypeAliases.ALL.forEach((name, type) -> root.add(name, factory -> TypeMapping.toRelType(factory, type, false)));
        Map<String, CalciteSchema> schemas = new HashMap<>();
        schemas.put(CatalogNames.DEFAULT_SCHEMA, root.add(CatalogNames.DEFAULT_SCHEMA, new AbstractSchema()));
        for (String schema : catalog.schemas()) {
            schemas.put(schema, root.add(schema, new AbstractSchema()));
        }
        List<TableDefinition> tables = new ArrayList<>();
        for (TableDefinition table : catalog.tables()) {
            if (extraTables.stream().noneMatch(t -> t.name().equals(table.name()))) {
                tables.add(table);
            }
        }
        tables.addAll(extraTables);
        for (TableDefinition table : tables) {
            schemaOf(schemas, table.name()).add(CatalogNames.simpleName(table.name()), new CatalogTable(table, defaults));
        }
        for (ViewDefinition view : catalog.views()) {
            String schema = CatalogNames.schemaOf(view.name());
            String simple = CatalogNames.simpleName(view.name());
            schemaOf(schemas, view.name()).add(simple, new ViewTable(Object[].class,
                factory -> CatalogTable.rowType(factory, view.columns()), view.query(),
                List.of(CatalogNames.DEFAULT_SCHEMA), List.of(schema, simple)));
        }
        for (SequenceDefinition sequence : catalog.sequences()) {
            schemaOf(schemas, sequence.name()).add(CatalogNames.simpleName(sequence.name()), new SequenceTable());
        }
        for (SystemView view : systemViews) {
            CalciteSchema schema = root.getSubSchema(view.schema(), true);
            if (schema == null) {
                schema = root.add(view.schema(), new AbstractSchema());
            }
            schema.add(view.simpleName(), new CatalogTable(view.definition(), null));
        }
        if (catalog.version() != version) {
            return null;
        }
        JavaTypeFactoryImpl typeFactory = new VersoTypeFactory();
        Properties props = new Properties();
        props.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "true");
        CalciteConnectionConfig config = new CalciteConnectionConfigImpl(props);
        CalciteCatalogReader reader = new CalciteCatalogReader(root, List.of(CatalogNames.DEFAULT_SCHEMA),
            typeFactory, config);
        return new SchemaSnapshot(version, catalog, typeFactory, reader, systemViews);
    }

    private static CalciteSchema schemaOf(Map<String, CalciteSchema> schemas, String key) {
        CalciteSchema schema = schemas.get(CatalogNames.schemaOf(key));
        if (schema == null) {
            throw new IllegalStateException("object " + key + " of a schema the catalog does not have");
        }
        return schema;
    }

    public long catalogVersion() {
        return catalogVersion;
    }

    /** The system views this snapshot holds, as given to {@link #read}. */
    public List<SystemView> systemViews() {
        return systemViews;
    }

    /** The catalog this snapshot was read from (its version may have moved on since). */
    public Catalog catalog() {
        return catalog;
    }

    public JavaTypeFactoryImpl typeFactory() {
        return typeFactory;
    }

    /** Builds row expressions of this snapshot's types. */
    public RexBuilder rexBuilder() {
        return rexBuilder;
    }

    public CalciteCatalogReader catalogReader() {
        return catalogReader;
    }
}
