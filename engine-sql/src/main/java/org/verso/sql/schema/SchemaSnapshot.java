package org.verso.sql.schema;

import java.util.List;
import java.util.Properties;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.verso.core.catalog.Catalog;
import org.verso.core.catalog.TableDefinition;
import org.verso.core.system.SystemView;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.verso.sql.type.VersoTypeSystem;

/**
 * The catalog at one version, as a Calcite catalog reader: one schema holding every table, and schemas {@code SYS}
 * and {@code INFORMATION_SCHEMA} holding the system views. Built per planning run, so a plan always sees one
 * consistent set of tables; names are matched case-sensitively because the parser already normalised unquoted
 * identifiers.
 */
public final class SchemaSnapshot {
    private final long catalogVersion;
    private final JavaTypeFactoryImpl typeFactory;
    private final CalciteCatalogReader catalogReader;

    private SchemaSnapshot(long catalogVersion, JavaTypeFactoryImpl typeFactory, CalciteCatalogReader reader) {
        this.catalogVersion = catalogVersion;
        this.typeFactory = typeFactory;
        this.catalogReader = reader;
    }

    /** Reads the catalog; returns null if a DDL statement changed it while reading (the caller retries). */
    public static SchemaSnapshot read(Catalog catalog, List<SystemView> systemViews) {
        long version = catalog.version();
        CalciteSchema root = CalciteSchema.createRootSchema(false, false);
        for (TableDefinition table : catalog.tables()) {
            root.add(table.name(), new CatalogTable(table));
        }
        for (SystemView view : systemViews) {
            CalciteSchema schema = root.getSubSchema(view.schema(), true);
            if (schema == null) {
                schema = root.add(view.schema(), new AbstractSchema());
            }
            schema.add(view.simpleName(), new CatalogTable(view.definition()));
        }
        if (catalog.version() != version) {
            return null;
        }
        JavaTypeFactoryImpl typeFactory = new JavaTypeFactoryImpl(VersoTypeSystem.INSTANCE);
        Properties props = new Properties();
        props.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "true");
        CalciteConnectionConfig config = new CalciteConnectionConfigImpl(props);
        CalciteCatalogReader reader = new CalciteCatalogReader(root, List.of(), typeFactory, config);
        return new SchemaSnapshot(version, typeFactory, reader);
    }

    public long catalogVersion() {
        return catalogVersion;
    }

    public JavaTypeFactoryImpl typeFactory() {
        return typeFactory;
    }

    public CalciteCatalogReader catalogReader() {
        return catalogReader;
    }
}
