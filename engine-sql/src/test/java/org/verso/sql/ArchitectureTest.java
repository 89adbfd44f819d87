package org.verso.sql;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Calcite is the front end only: nothing uses its Enumerable, Bindable or Interpreter runtime or Janino, and the
 * executable operators do not touch Calcite at all.
 */
class ArchitectureTest {
    private final JavaClasses sql = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("org.verso.sql");

    @Test
    void noCalciteRuntime() {
        noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("org.apache.calcite.adapter.enumerable..", "org.apache.calcite.interpreter..",
                "org.codehaus.janino..", "org.codehaus.commons..")
            .check(sql);
    }

    @Test
    void operatorsRunWithoutCalcite() {
        noClasses().that().resideInAnyPackage("org.verso.sql.exec.node..")
            .should().dependOnClassesThat().resideInAnyPackage("org.apache.calcite..")
            .check(sql);
    }

    @Test
    void nothingBelowTheSqlLayerIsBypassed() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.verso.storage.heap..",
                "org.verso.storage.page..", "org.verso.jdbc..")
            .check(sql);
    }
}
