package org.verso.common;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** engine-common is the shared vocabulary under every module: it depends on none of them. */
class ArchitectureTest {
    private final JavaClasses common = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("org.verso.common");

    @Test
    void commonImportsNoEngineModule() {
        noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("org.verso.storage..", "org.verso.core..", "org.verso.sql..", "org.verso.jdbc..",
                "org.apache.calcite..")
            .check(common);
    }
}
